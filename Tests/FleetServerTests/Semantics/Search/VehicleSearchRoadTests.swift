import FleetModel
import RoadMap
import TestSupport
import Testing

@testable import FleetServer

/// Road ETAs and distances on the bundled Monaco map, and the straight-line fallback off it.
@Suite struct VehicleSearchRoadTests {
    typealias F = SearchFleet
    let roads: RoadGraph

    init() throws {
        roads = RoadGraph(try RoadMapFile.load(path: try Repository.file("Assets/maps/monaco.roadmap")))
    }

    /// A point of the road network near `point`, so that it snaps onto the map.
    func onRoad(_ point: LatLng) throws -> LatLng {
        let snap = roads.nearest(to: point)
        return try #require(snap).point
    }

    /// The route, kept out of `#require` so that a failure does not print the whole graph.
    func routed(from a: LatLng, to b: LatLng) -> RoadRoute? { roads.route(from: a, to: b) }

    @Test func insideTheMapEtasAndDistancesComeFromTheRoads() throws {
        let pickup = try onRoad(F.pickup)
        let places = [try onRoad(F.point(600, bearing: 230)), try onRoad(F.point(300, bearing: 40))]
        let vehicles = places.enumerated().map { F.vehicle("r\($0.offset)", at: $0.element) }
        var request = F.request(.pickupPointEta)
        request.pickupPoint = TerminalLocation(point: pickup)
        // A dropoff the pickup has a route to (one-way streets leave some points of the extract without one).
        let dropoffs = try [F.dropoff, F.point(700, bearing: 200), F.point(500, bearing: 20)].map(onRoad)
        let dropoff = try #require(dropoffs.first { routed(from: pickup, to: $0) != nil })
        request.dropoffPoint = TerminalLocation(point: dropoff)
        let response = try VehicleSearch.search(request, vehicles: vehicles, trips: [], now: F.now, roads: roads)
        #expect(response.matches.count == 2)
        for match in response.matches {
            let from = match.vehicleTripsWaypoints[0].latLng!
            let route = try #require(routed(from: from, to: pickup))
            #expect(match.orderedBy == .pickupPointEta && match.requestedOrderedBy == .pickupPointEta)
            #expect(match.vehiclePickupDistanceMeters == Int32(route.lengthMeters.rounded()))
            #expect(match.vehiclePickupEta == SearchEstimate.eta(F.now, route.durationSeconds))
            // Driving is never shorter than the straight line.
            #expect(match.vehiclePickupDistanceMeters! >= match.vehiclePickupStraightLineDistanceMeters!)
            let toDropoff = try #require(routed(from: pickup, to: dropoff))
            #expect(match.vehiclePickupToDropoffDistanceMeters == Int32(toDropoff.lengthMeters.rounded()))
        }
        let etas = response.matches.map { $0.vehiclePickupEta! }
        #expect(etas == etas.sorted())
    }

    @Test func offTheMapTheEstimateIsAStraightLineAndOrderedBySaysSo() throws {
        // 1.5 km south-east of Monte-Carlo is the sea: no road within 100 m.
        let sea = F.point(1_500, bearing: 150)
        let snapped = roads.nearest(to: sea)
        #expect((snapped?.distanceMeters ?? 0) > TravelEstimator.snapMeters)
        let land = try onRoad(F.point(400, bearing: 260))
        let pickup = try onRoad(F.pickup)
        let vehicles = [F.vehicle("boat", at: sea), F.vehicle("car", at: land)]
        var request = F.request(.pickupPointDistance)
        request.pickupPoint = TerminalLocation(point: pickup)
        let response = try VehicleSearch.search(request, vehicles: vehicles, trips: [], now: F.now, roads: roads)
        let byID = Dictionary(uniqueKeysWithValues: zip(F.ids(response), response.matches))
        let boat = try #require(byID["boat"]), car = try #require(byID["car"])
        #expect(boat.orderedBy == .pickupPointStraightDistance && boat.requestedOrderedBy == .pickupPointDistance)
        #expect(boat.vehiclePickupDistanceMeters == boat.vehiclePickupStraightLineDistanceMeters)
        #expect(boat.vehiclePickupEta == SearchEstimate.eta(F.now, Geo.distance(sea, pickup) / (30 / 3.6)))
        #expect(car.orderedBy == .pickupPointDistance)
        #expect(F.ids(response) == ["car", "boat"])

        // A pickup off the map leaves every leg to straight lines.
        request.pickupPoint = TerminalLocation(point: F.point(1_450, bearing: 150))
        let offshore = try VehicleSearch.search(request, vehicles: vehicles, trips: [], now: F.now, roads: roads)
        #expect(offshore.matches.allSatisfy { $0.orderedBy == .pickupPointStraightDistance })
        #expect(F.ids(offshore) == ["boat", "car"])
    }

    @Test func routingIsLimitedToTheBestCandidates() throws {
        // 60 vehicles, count 5: only the 10 nearest by straight-line path are routed, and the answer is the
        // 5 soonest of them.
        var vehicles: [Vehicle] = []
        for i in 0..<60 {
            let place = try onRoad(F.point(Double(100 + i * 20), bearing: Double(i * 37 % 360)))
            vehicles.append(F.vehicle(String(format: "c%02d", i), at: place))
        }
        var request = F.request(.pickupPointEta, count: 5)
        request.pickupPoint = TerminalLocation(point: try onRoad(F.pickup))
        let response = try VehicleSearch.search(request, vehicles: vehicles, trips: [], now: F.now, roads: roads)
        #expect(response.matches.count == 5)
        let pickup = try #require(request.pickupPoint?.point)
        func distance(_ v: Vehicle) -> Double { Geo.distance(v.lastLocation!.location!, pickup) }
        let sorted = vehicles.sorted { distance($0) < distance($1) }
        let nearest = Set(sorted.prefix(5 * VehicleSearch.candidateFactor).map { (v: Vehicle) in v.name })
        #expect(response.matches.allSatisfy { nearest.contains($0.vehicle!.name) })
        let etas = response.matches.map { $0.vehiclePickupEta! }
        #expect(etas == etas.sorted())
    }
}
