import FleetModel
import Testing

@testable import FleetServer

@Suite struct TripProgressTests {
    let now = ProtoTimestamp(seconds: 1_735_689_600)
    let pickup = LatLng(latitude: 43.7384, longitude: 7.4246)
    let dropoff = LatLng(latitude: 43.7500, longitude: 7.4400)
    let here = LatLng(latitude: 43.7300, longitude: 7.4200)

    func trip(_ id: String, status: TripStatus = .enrouteToPickup) -> Trip {
        var t = Trip(
            name: "providers/p/trips/\(id)", tripStatus: status, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: pickup), dropoffPoint: TerminalLocation(point: dropoff))
        t.vehicleId = "v1"
        return t
    }

    func vehicle(serving trips: [Trip]) -> Vehicle {
        var v = Vehicle(name: "providers/p/vehicles/v1", vehicleState: .online)
        v.lastLocation = VehicleLocation(location: here)
        v.waypoints = TripWaypoints.vehicleOrder(current: [], trips: trips)
        v.waypointsVersion = now
        return v
    }

    @Test func withoutARouteTheVehicleHeadsStraightForItsNextStop() throws {
        let t = trip("a")
        let derived = TripProgress.derive(t, vehicle: vehicle(serving: [t]), now: now)
        #expect(derived.route == [here, pickup])
        let distance = Int32(Geo.distance(here, pickup).rounded())
        #expect(derived.remainingDistanceMeters == distance)
        #expect(derived.remainingWaypoints.count == 2)
        #expect(derived.remainingWaypointsVersion == now)
        #expect(derived.currentRouteSegmentVersion == now)
        #expect(try S2Polyline.decode(derived.currentRouteSegment).count == 2)
    }

    @Test func anotherTripsStopsComeFirstAndThisTripsListEndsAtItsDropoff() {
        let first = trip("first", status: .enrouteToDropoff)
        let second = trip("second")
        let v = vehicle(serving: [first, second])
        let derived = TripProgress.derive(second, vehicle: v, now: now)
        #expect(derived.remainingWaypoints.map(\.tripId) == ["first", "second", "second"])
        #expect(derived.currentRouteSegmentEndPoint?.tripId == "first")
        let firstDerived = TripProgress.derive(first, vehicle: v, now: now)
        #expect(firstDerived.remainingWaypoints.map(\.tripId) == ["first"])
    }

    @Test func finishedOrUnassignedTripsHaveNoProgress() {
        let done = trip("a", status: .complete)
        #expect(TripProgress.derive(done, vehicle: vehicle(serving: []), now: now) == done)
        var unassigned = trip("b")
        unassigned.vehicleId = ""
        #expect(TripProgress.derive(unassigned, vehicle: nil, now: now) == unassigned)
    }

    @Test func journeySharingViewDropsEncodedPathsAndOtherTripsStops() {
        let first = trip("first", status: .enrouteToDropoff)
        let second = trip("second")
        let derived = TripProgress.derive(second, vehicle: vehicle(serving: [first, second]), now: now)
        let shared = TripReadOptions(view: .journeySharingV1S, routeFormatType: .encodedPolylineType).apply(to: derived)
        #expect(shared.currentRouteSegment.isEmpty)
        #expect(shared.remainingWaypoints.map(\.tripId) == ["second", "second"])
        #expect(shared.remainingWaypoints.allSatisfy { $0.encodedPathToWaypoint.isEmpty })
    }

    @Test func trafficStretchesBecomeIndexedIntervalsOnTheirOwnPath() throws {
        let path = [LatLng(latitude: 0, longitude: 0), LatLng(latitude: 0, longitude: 0.01)]  // ~1112 m
        let data = TrafficPolylineData(
            trafficRendering: VisualTrafficReportPolylineRendering(roadStretch: [
                VisualTrafficReportPolylineRendering.RoadStretch(
                    style: .trafficJam, offsetMeters: 200, lengthMeters: 300)
            ]))
        let traffic = try #require(TrafficPolylineConversion.consumable(data, along: path))
        #expect(traffic.speedReadingInterval.map(\.speed) == [.normal, .trafficJam, .normal])
        #expect(traffic.speedReadingInterval.map(\.startPolylinePointIndex) == [0, 1, 2])
        #expect(traffic.speedReadingInterval.map(\.endPolylinePointIndex) == [1, 2, 3])
        #expect(try S2Polyline.decode(traffic.encodedPathToWaypoint).count == 4)
    }

    @Test func vehicleOrderKeepsAnExplicitOrderAndDropsPassedStops() {
        let a = trip("a")
        let b = trip("b")
        let natural = TripWaypoints.vehicleOrder(current: [], trips: [a, b])
        #expect(natural.map(\.tripId) == ["a", "a", "b", "b"])
        let explicit = [natural[2], natural[0], natural[1], natural[3]]
        #expect(TripWaypoints.vehicleOrder(current: natural, trips: [a, b], explicit: explicit) == explicit)
        let picked = trip("a", status: .enrouteToDropoff)
        #expect(
            TripWaypoints.vehicleOrder(current: explicit, trips: [picked, b]).map(\.waypointType)
                == [.pickupWaypointType, .dropOffWaypointType, .dropOffWaypointType])
    }
}
