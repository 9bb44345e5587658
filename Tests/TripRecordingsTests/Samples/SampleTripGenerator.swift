import FleetModel
import TripFollowing
import TripRecordings

/// Builds `Assets/trips/monaco-stops.jsonl`: a synthetic exclusive trip in Monaco with an intermediate stop,
/// traffic on the route, a brief outage, and every status from NEW to COMPLETE — snapshots every 5 s, as a rider
/// polling Fleet Engine would record them. Deterministic, so the asset is regenerated and checked by a test.
enum SampleTripGenerator {
    static let name = try! TripName(parsing: "providers/tripterm-demo/trips/monaco-stops")
    static let start = try! ProtoTimestamp(rfc3339: "2026-11-01T09:00:00Z")
    static let pollSeconds: Int64 = 5

    struct Leg {
        var path: [LatLng]
        var status: TripStatus
        /// Metres along the path where traffic is slow or jammed, with its speed in m/s.
        var slow: [(range: ClosedRange<Double>, speed: SpeedReadingInterval.Speed, metersPerSecond: Double)]
    }

    static func recording() -> TripRecording {
        let pickup = MonacoLegs.leg1.last!, stop = MonacoLegs.leg2.last!, dropoff = MonacoLegs.leg3.last!
        var trip = Trip(
            name: name.description, tripStatus: .new, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: pickup), dropoffPoint: TerminalLocation(point: dropoff))
        trip.numberOfPassengers = 2
        trip.intermediateDestinations = [TerminalLocation(point: stop)]
        trip.intermediateDestinationsVersion = start
        trip.view = .journeySharingV1S
        var events: [TripEvent] = [.snapshot(trip, at: start)]
        var time = start + .seconds(pollSeconds * 2)

        trip.vehicleId = "demo-car"
        let legs = [
            Leg(path: MonacoLegs.leg1, status: .enrouteToPickup, slow: [(700...1100, .trafficJam, 2.5)]),
            Leg(path: MonacoLegs.leg2, status: .enrouteToIntermediateDestination, slow: [(300...600, .slow, 5)]),
            Leg(path: MonacoLegs.leg3, status: .enrouteToDropoff, slow: []),
        ]
        let arrivals: [TripStatus] = [.arrivedAtPickup, .arrivedAtIntermediateDestination, .complete]
        let waypoints = [
            TripWaypoint(
                location: TerminalLocation(point: pickup), tripId: name.tripID, waypointType: .pickupWaypointType),
            TripWaypoint(
                location: TerminalLocation(point: stop), tripId: name.tripID,
                waypointType: .intermediateDestinationWaypointType),
            TripWaypoint(
                location: TerminalLocation(point: dropoff), tripId: name.tripID, waypointType: .dropOffWaypointType),
        ]
        for (index, leg) in legs.enumerated() {
            let length = leg.path.length
            var travelled = 0.0
            trip.tripStatus = leg.status
            if index == 1 { trip.intermediateDestinationIndex = 0 }
            while true {
                let position = leg.path.point(atDistance: travelled) ?? leg.path[0]
                let ahead = leg.path.point(atDistance: min(length, travelled + 5)) ?? position
                let speed = Self.speed(on: leg, at: travelled)
                let remainingRoute = [position] + Self.vertices(of: leg.path, after: travelled)
                let remaining = length - travelled
                let legETA = Self.secondsToTravel(leg, from: travelled)
                trip.lastLocation = VehicleLocation(
                    location: position, heading: Int32(Geo.bearing(from: position, to: ahead).rounded()) % 360,
                    speed: (speed * 10).rounded() / 10, updateTime: time, locationSensor: .roadSnappedLocationProvider)
                trip.lastLocation?.latlngAccuracy = 4
                trip.lastLocation?.serverTime = time + .milliseconds(420)
                trip.route = remainingRoute
                trip.remainingDistanceMeters = Int32(remaining.rounded())
                trip.etaToFirstWaypoint = time + .seconds(Int64(legETA.rounded()))
                trip.remainingTimeToFirstWaypoint = ProtoDuration(.seconds(Int64(legETA.rounded())))
                trip.currentRouteSegmentTraffic = Self.traffic(for: leg, route: remainingRoute, from: travelled)
                trip.remainingWaypoints = Array(waypoints[index...])
                let later = legs[(index + 1)...].reduce(0.0) { $0 + Self.secondsToTravel($1, from: 0) + 30 }
                if index == 0 { trip.pickupTime = trip.etaToFirstWaypoint }
                trip.dropoffTime = time + .seconds(Int64((legETA + later + 30).rounded()))
                events.append(.snapshot(trip, at: time))
                if index == 1 && travelled > 0 && travelled < 80 {
                    events.append(
                        .failure(
                            TripServiceError(transport: .connectionReset, message: "connection reset by peer"),
                            at: time + .seconds(pollSeconds)))
                    time = time + .seconds(pollSeconds * 2)
                    travelled += speed * Double(pollSeconds * 2)
                    continue
                }
                guard travelled < length else { break }
                time = time + .seconds(pollSeconds)
                travelled = min(length, travelled + speed * Double(pollSeconds))
            }
            trip.tripStatus = arrivals[index]
            trip.route = []
            trip.currentRouteSegmentTraffic = nil
            trip.remainingDistanceMeters = 0
            trip.remainingTimeToFirstWaypoint = ProtoDuration(seconds: 0)
            trip.lastLocation?.speed = 0
            trip.lastLocation?.updateTime = time + .seconds(2)
            trip.lastLocation?.serverTime = time + .milliseconds(2420)
            if index == 0 {
                trip.pickupTime = time + .seconds(2)
                trip.actualPickupArrivalPoint = StopLocation(point: MonacoLegs.leg1.last, timestamp: time + .seconds(2))
            }
            if index == 2 {
                trip.dropoffTime = time + .seconds(2)
                trip.remainingDistanceMeters = nil
                trip.etaToFirstWaypoint = nil
                trip.remainingTimeToFirstWaypoint = nil
                trip.remainingWaypoints = []
            } else {
                trip.remainingWaypoints = Array(waypoints[(index + 1)...])
            }
            events.append(.snapshot(trip, at: time + .seconds(pollSeconds)))
            time = time + .seconds(pollSeconds + 30)
            if index == 1 { trip.intermediateDestinationIndex = 1 }
        }
        return TripRecording(
            tripName: name, source: "synthetic sample (tripterm), roads © OpenStreetMap contributors, ODbL",
            created: start, events: events)
    }

    static func speed(on leg: Leg, at distance: Double) -> Double {
        leg.slow.first { $0.range.contains(distance) }?.metersPerSecond ?? 9
    }

    static func secondsToTravel(_ leg: Leg, from distance: Double) -> Double {
        var seconds = 0.0, d = distance
        let length = leg.path.length
        while d < length {
            let step = min(10, length - d)
            seconds += step / speed(on: leg, at: d)
            d += step
        }
        return seconds
    }

    /// The path's vertices strictly after `distance` metres along it.
    static func vertices(of path: [LatLng], after distance: Double) -> [LatLng] {
        let cumulative = path.cumulativeDistances
        return zip(path, cumulative).filter { $0.1 > distance + 0.5 }.map(\.0)
    }

    /// Speed readings indexed by points of `route` (which starts at the vehicle, `from` metres along the leg).
    static func traffic(for leg: Leg, route: [LatLng], from travelled: Double) -> ConsumableTrafficPolyline? {
        guard route.count >= 2 else { return nil }
        let along = route.cumulativeDistances.map { $0 + travelled }
        var intervals: [SpeedReadingInterval] = []
        var current: SpeedReadingInterval.Speed? = nil
        var startIndex = 0
        for i in 0..<(route.count - 1) {
            let mid = (along[i] + along[i + 1]) / 2
            let speed = leg.slow.first { $0.range.contains(mid) }?.speed ?? .normal
            if speed != current {
                if let current {
                    intervals.append(
                        SpeedReadingInterval(
                            startPolylinePointIndex: Int32(startIndex), endPolylinePointIndex: Int32(i), speed: current)
                    )
                }
                current = speed
                startIndex = i
            }
        }
        if let current {
            intervals.append(
                SpeedReadingInterval(
                    startPolylinePointIndex: Int32(startIndex), endPolylinePointIndex: Int32(route.count - 1),
                    speed: current))
        }
        return ConsumableTrafficPolyline(speedReadingInterval: intervals)
    }
}
