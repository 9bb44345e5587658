import FleetModel
import Testing

@testable import FleetServer

/// SearchVehicles' eligibility rules, match types and orders, without a road map (straight-line estimates).
@Suite struct VehicleSearchTests {
    typealias F = SearchFleet

    func search(
        _ request: SearchVehiclesRequest, _ vehicles: [Vehicle], trips: [Trip] = []
    ) throws -> SearchVehiclesResponse {
        try VehicleSearch.search(request, vehicles: vehicles, trips: trips, now: F.now, roads: nil)
    }

    @Test func onlyEligibleVehiclesWithinTheRadiusMatch() throws {
        var offline = F.vehicle("offline", at: F.point(100))
        offline.vehicleState = .offline
        let vehicles = [
            F.vehicle("near", at: F.point(100)),
            F.vehicle("far", at: F.point(2_100)),
            offline,
            F.vehicle("sharedOnly", at: F.point(100), types: [.shared]),
            F.vehicle("small", at: F.point(100), capacity: 1),
            F.vehicle("taxi", at: F.point(100), category: .taxi),
            F.vehicle("stale", at: F.point(100), reportedSecondsAgo: 301),
            F.vehicle("fresh", at: F.point(200), reportedSecondsAgo: 299),
            F.vehicle("nowhere", at: nil),
        ]
        var request = F.request()
        request.minimumCapacity = 2
        #expect(F.ids(try search(request, vehicles)) == ["near", "fresh"])
        request.maximumStaleness = ProtoDuration(seconds: 400)
        request.vehicleTypes.append(Vehicle.VehicleType(category: .taxi))
        #expect(F.ids(try search(request, vehicles)) == ["near", "stale", "taxi", "fresh"])
    }

    @Test func stalenessFallsBackToTheDeviceTimeWithoutAServerTime() throws {
        var v = F.vehicle("device", at: F.point(100))
        v.lastLocation?.serverTime = nil
        v.lastLocation?.updateTime = ProtoTimestamp(seconds: F.now.seconds - 30)
        #expect(F.ids(try search(F.request(), [v])) == ["device"])
        v.lastLocation?.updateTime = ProtoTimestamp(seconds: F.now.seconds - 600)
        #expect(try search(F.request(), [v]).matches.isEmpty)
    }

    @Test func attributesListsAndFilter() throws {
        var a = F.vehicle("a", at: F.point(100))
        a.attributes = [
            VehicleAttribute(key: "zone", value: "north"),
            VehicleAttribute(key: "pets", vehicleAttributeValue: .boolValue(true)),
        ]
        var b = F.vehicle("b", at: F.point(200))
        b.attributes = [
            VehicleAttribute(key: "zone", value: "south"),
            VehicleAttribute(key: "seats", vehicleAttributeValue: .numberValue(6)),
        ]
        let c = F.vehicle("c", at: F.point(300))
        var request = F.request()
        request.requiredAttributes = [VehicleAttribute(key: "zone", vehicleAttributeValue: .stringValue("north"))]
        #expect(F.ids(try search(request, [a, b, c])) == ["a"])
        request.requiredAttributes = []
        request.requiredOneOfAttributes = [
            VehicleAttributeList(attributes: [
                VehicleAttribute(key: "pets", vehicleAttributeValue: .boolValue(true)),
                VehicleAttribute(key: "seats", value: "6"),
            ])
        ]
        #expect(F.ids(try search(request, [a, b, c])) == ["a", "b"])
        request.requiredOneOfAttributes = []
        request.requiredOneOfAttributeSets = [
            VehicleAttributeList(attributes: [
                VehicleAttribute(key: "zone", value: "south"), VehicleAttribute(key: "seats", value: "6"),
            ]),
            VehicleAttributeList(attributes: [VehicleAttribute(key: "zone", value: "east")]),
        ]
        #expect(F.ids(try search(request, [a, b, c])) == ["b"])
        request.requiredOneOfAttributeSets = []
        request.filter = #"attributes.zone = "north" OR NOT attributes.seats = "6""#
        #expect(F.ids(try search(request, [a, b, c])) == ["a", "c"])
    }

    @Test func straightDistanceOrderAndCount() throws {
        let vehicles = [900.0, 100, 500, 300, 700].enumerated().map { i, meters in
            F.vehicle("v\(i)", at: F.point(meters, bearing: Double(i) * 70))
        }
        let response = try search(F.request(count: 3), vehicles)
        #expect(F.ids(response) == ["v1", "v3", "v2"])
        #expect(response.matches.map(\.vehiclePickupStraightLineDistanceMeters) == [100, 300, 500])
        #expect(response.matches.allSatisfy { $0.orderedBy == .pickupPointStraightDistance })
        #expect(response.matches.allSatisfy { $0.requestedOrderedBy == .pickupPointStraightDistance })
        #expect(response.matches.allSatisfy { $0.vehicleMatchType == .exclusive && $0.tripType == .exclusive })
        // Without roads the ETA is the straight line at 30 km/h.
        let first = try #require(response.matches.first)
        #expect(first.vehiclePickupDistanceMeters == 100)
        #expect(first.vehiclePickupEta == F.now + .milliseconds(12_000))
        #expect(first.vehicleTripsWaypoints.map(\.latLng) == [F.point(100, bearing: 70), F.pickup])
    }

    @Test func backToBackNeedsTheFlagTheVehiclesConsentAndOneTripPastPickup() throws {
        var ready = F.vehicle("ready", at: F.point(300))
        ready.backToBackEnabled = true
        let t1 = F.trip(
            "t1", on: &ready, status: .enrouteToDropoff, pickup: F.point(900), dropoff: F.point(150, bearing: 0))
        var unwilling = F.vehicle("unwilling", at: F.point(200))
        let t2 = F.trip("t2", on: &unwilling, status: .enrouteToDropoff, pickup: F.point(900), dropoff: F.point(100))
        var early = F.vehicle("early", at: F.point(250))
        early.backToBackEnabled = true
        let t3 = F.trip("t3", on: &early, status: .enrouteToPickup, pickup: F.point(400), dropoff: F.point(100))
        let idle = F.vehicle("idle", at: F.point(600))
        let vehicles = [ready, unwilling, early, idle], trips = [t1, t2, t3]

        #expect(F.ids(try search(F.request(), vehicles, trips: trips)) == ["idle"])
        var request = F.request(.pickupPointEta)
        request.includeBackToBack = true
        let response = try search(request, vehicles, trips: trips)
        #expect(F.ids(response) == ["ready", "idle"])
        let match = response.matches[0]
        #expect(match.vehicleMatchType == .backToBack)
        // Via its rider's dropoff: vehicle, dropoff of t1, pickup.
        #expect(match.vehicleTripsWaypoints.map(\.latLng) == [F.point(300), F.point(150, bearing: 0), F.pickup])
        let via = Geo.distance(F.point(300), F.point(150, bearing: 0)) + 150
        #expect(match.vehiclePickupDistanceMeters == Int32(via.rounded()))
        #expect(match.vehiclePickupStraightLineDistanceMeters == 300)
        // A searched trip already on a vehicle does not count against it.
        request.tripId = "t3"
        #expect(F.ids(try search(request, vehicles, trips: trips)) == ["early", "ready", "idle"])
    }

    @Test func currentTripsPresentNoneAndAny() throws {
        var busy = F.vehicle("busy", at: F.point(100))
        busy.backToBackEnabled = true
        var trips = (0..<2).map { i in
            F.trip("b\(i)", on: &busy, status: .enrouteToPickup, pickup: F.point(200), dropoff: F.point(300))
        }
        var crowded = F.vehicle("crowded", at: F.point(150))
        crowded.backToBackEnabled = true
        crowded.maximumCapacity = 10
        trips += (0..<6).map { i in
            F.trip("c\(i)", on: &crowded, status: .enrouteToDropoff, pickup: F.point(200), dropoff: F.point(300))
        }
        let idle = F.vehicle("idle", at: F.point(500))
        var request = F.request()
        request.currentTripsPresent = .none
        #expect(F.ids(try search(request, [busy, crowded, idle], trips: trips)) == ["idle"])
        request.currentTripsPresent = .any
        let response = try search(request, [busy, crowded, idle], trips: trips)
        // More than 5 trips is too many; an EXCLUSIVE trip after others is back-to-back.
        #expect(F.ids(response) == ["busy", "idle"])
        #expect(response.matches.map(\.vehicleMatchType) == [.backToBack, .exclusive])
        #expect(response.matches[0].vehicleTripsWaypoints.count == 1 + 4 + 1)
        // Finished trips are not current trips.
        trips = trips.map { t in
            var t = t
            t.tripStatus = .complete
            return t
        }
        request.currentTripsPresent = .none
        #expect(F.ids(try search(request, [busy, crowded, idle], trips: trips)) == ["busy", "crowded", "idle"])
    }

    @Test func sharedSearchesCarpoolWhenSeatsAllowElseCarpoolBackToBack() throws {
        var pool = F.vehicle("pool", at: F.point(100), capacity: 4)
        let p1 = F.trip(
            "p1", on: &pool, status: .enrouteToPickup, type: .shared, pickup: F.point(300, bearing: 0),
            dropoff: F.point(900), passengers: 2)
        var full = F.vehicle("full", at: F.point(200), capacity: 4)
        full.backToBackEnabled = true
        let p2 = F.trip(
            "p2", on: &full, status: .enrouteToDropoff, type: .shared, pickup: F.point(900), dropoff: F.point(400),
            passengers: 3)
        var privateCar = F.vehicle("private", at: F.point(250))
        let e1 = F.trip("e1", on: &privateCar, status: .enrouteToDropoff, pickup: F.point(900), dropoff: F.point(400))
        let exclusiveOnly = F.vehicle("exclusiveOnly", at: F.point(50), types: [.exclusive])
        var request = F.request(.pickupPointDistance, type: .shared)
        request.minimumCapacity = 2
        request.currentTripsPresent = .any
        request.dropoffPoint = TerminalLocation(point: F.dropoff)
        let response = try search(request, [pool, full, privateCar, exclusiveOnly], trips: [p1, p2, e1])
        #expect(Set(F.ids(response)) == ["pool", "full"])
        let byID = Dictionary(uniqueKeysWithValues: zip(F.ids(response), response.matches))
        let carpool = try #require(byID["pool"])
        #expect(carpool.vehicleMatchType == .carpool && carpool.tripType == .shared)
        // The carpool goes by the waiting rider's pickup, then to this pickup and dropoff.
        #expect(
            carpool.vehicleTripsWaypoints.map(\.latLng) == [
                F.point(100), F.point(300, bearing: 0), F.pickup, F.dropoff,
            ])
        #expect(byID["full"]?.vehicleMatchType == .carpoolBackToBack)
        #expect(carpool.vehiclePickupToDropoffDistanceMeters == Int32(Geo.distance(F.pickup, F.dropoff).rounded()))
        #expect(carpool.vehicleDropoffEta! > carpool.vehiclePickupEta!)
        request.minimumCapacity = 3
        // Two riders aboard leave two seats: the pool vehicle is no carpool for three, and not back-to-back either.
        #expect(F.ids(try search(request, [pool, full, privateCar, exclusiveOnly], trips: [p1, p2, e1])) == ["full"])
    }

    @Test func etaOrdersGoByThePathThroughEarlierStops() throws {
        var detour = F.vehicle("detour", at: F.point(100))
        detour.backToBackEnabled = true
        let t = F.trip(
            "t", on: &detour, status: .enrouteToDropoff, pickup: F.point(900), dropoff: F.point(1_500, bearing: 0))
        let idle = F.vehicle("idle", at: F.point(800))
        var request = F.request(.pickupPointEta)
        request.includeBackToBack = true
        #expect(F.ids(try search(request, [detour, idle], trips: [t])) == ["idle", "detour"])
        request.orderBy = .pickupPointStraightDistance
        #expect(F.ids(try search(request, [detour, idle], trips: [t])) == ["detour", "idle"])
        request.orderBy = .dropoffPointEta
        request.dropoffPoint = TerminalLocation(point: F.dropoff)
        let byDropoff = try search(request, [detour, idle], trips: [t])
        #expect(F.ids(byDropoff) == ["idle", "detour"])
        #expect(
            byDropoff.matches.allSatisfy {
                $0.orderedBy == .pickupPointStraightDistance && $0.requestedOrderedBy == .dropoffPointEta
            })
    }

    @Test func theSearchWidensPastNearVehiclesWithLongDetours() throws {
        // 60 vehicles 100 m away each finish a trip 1.5 km off first; 10 idle ones wait 600–960 m away.
        var vehicles: [Vehicle] = [], trips: [Trip] = []
        for i in 0..<60 {
            var v = F.vehicle(String(format: "busy%02d", i), at: F.point(100, bearing: Double(i * 6)))
            v.backToBackEnabled = true
            trips.append(
                F.trip(
                    "t\(i)", on: &v, status: .enrouteToDropoff, pickup: F.point(900),
                    dropoff: F.point(1_500, bearing: 180)))
            vehicles.append(v)
        }
        for i in 0..<10 { vehicles.append(F.vehicle("idle\(i)", at: F.point(600 + Double(i) * 40, bearing: 45))) }
        var request = F.request(.pickupPointEta, count: 5)
        request.includeBackToBack = true
        #expect(F.ids(try search(request, vehicles, trips: trips)) == ["idle0", "idle1", "idle2", "idle3", "idle4"])
        request.orderBy = .pickupPointStraightDistance
        #expect(try search(request, vehicles, trips: trips).matches.allSatisfy { $0.vehicleMatchType == .backToBack })
    }

    @Test func costIsOrderedByPickupEtaAndSaysSo() throws {
        let vehicles = [F.vehicle("a", at: F.point(700)), F.vehicle("b", at: F.point(200))]
        let response = try search(F.request(.cost), vehicles)
        #expect(F.ids(response) == ["b", "a"])
        // No road map: the ETA is a straight-line estimate, and orderedBy says that.
        #expect(
            response.matches.allSatisfy {
                $0.requestedOrderedBy == .cost && $0.orderedBy == .pickupPointStraightDistance
            })
    }

    @Test func updatesMoveVehiclesAndForgetFinishedTrips() throws {
        var search = VehicleSearch(
            vehicles: [F.vehicle("a", at: F.point(300)), F.vehicle("b", at: F.point(600))], trips: [])
        #expect(F.ids(try search.search(F.request(), now: F.now, roads: nil)) == ["a", "b"])
        search.update(F.vehicle("b", at: F.point(100)))
        search.update(F.vehicle("c", at: F.point(5_000)))
        #expect(F.ids(try search.search(F.request(), now: F.now, roads: nil)) == ["b", "a"])
        search.removeVehicle(named: "providers/p/vehicles/a")
        search.update(F.vehicle("d", at: F.point(200)))
        #expect(F.ids(try search.search(F.request(), now: F.now, roads: nil)) == ["b", "d"])
        #expect(search.vehicleCount == 3)
    }
}
