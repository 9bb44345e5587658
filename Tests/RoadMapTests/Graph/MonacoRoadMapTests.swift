import FleetModel
import Testing

@testable import RoadMap

/// The committed Assets/maps/monaco.roadmap, imported from OpenStreetMap (© OpenStreetMap contributors, ODbL).
@Suite("Monaco road map")
struct MonacoRoadMapTests {
    let graph: RoadGraph

    init() throws {
        graph = RoadGraph(try RoadMapFile.load(path: TestFiles.monacoRoadMap))
    }

    private var map: RoadMap { graph.map }

    @Test(arguments: [
        "Boulevard Princesse Charlotte", "Avenue de Monte-Carlo", "Boulevard Albert 1er", "Avenue Princesse Grace",
    ])
    func knownStreetsArePresent(name: String) {
        #expect(!map.ways(named: name).isEmpty)
    }

    @Test func footwaysAndStepsAreNotRoads() {
        #expect(map.ways.allSatisfy { $0.points.count >= 2 })
        #expect(Set(map.ways.map(\.roadClass)).isSubset(of: Set(RoadClass.allCases)))
        #expect(map.ways.contains { $0.roadClass == .primary })
        #expect(map.ways.contains { $0.isOneWay } && map.ways.contains { !$0.isOneWay })
    }

    @Test func boundsCoverMonaco() throws {
        let bounds = try #require(map.bounds)
        #expect(bounds.contains(LatLng(latitude: 43.7384, longitude: 7.4246)))  // Monte-Carlo
        #expect(bounds.maxLatitude - bounds.minLatitude < 0.05 && bounds.maxLongitude - bounds.minLongitude < 0.05)
    }

    /// A one-way segment at least 60 m long, away from other ways' points, for the direction tests.
    private func longOneWaySegment() throws -> (way: Int, a: LatLng, b: LatLng) {
        var best: (way: Int, a: LatLng, b: LatLng, length: Double)?
        for (index, way) in map.ways.enumerated() where way.isOneWay && way.roadClass != .service {
            for (a, b) in zip(way.points, way.points.dropFirst()) {
                let length = Geo.distance(a, b)
                if length > best?.length ?? 60 { best = (index, a, b, length) }
            }
        }
        let found = try #require(best)
        return (found.way, found.a, found.b)
    }

    @Test func routesHonourOneWayStreets() throws {
        let (way, a, b) = try longOneWaySegment()
        let early = Geo.interpolate(a, b, fraction: 0.25), late = Geo.interpolate(a, b, fraction: 0.75)
        #expect(graph.nearest(to: early)?.wayIndex == way)
        let along = try #require(graph.route(from: early, to: late))
        let against = try #require(graph.route(from: late, to: early))
        let straight = Geo.distance(early, late)
        #expect(abs(along.lengthMeters - straight) < 1)
        #expect(against.lengthMeters > 2 * straight)
        #expect(against.points != along.points.reversed())
    }

    @Test func routeLengthIsPlausible() throws {
        let casino = LatLng(latitude: 43.7395, longitude: 7.4280)
        let palace = LatLng(latitude: 43.7315, longitude: 7.4200)
        let route = try #require(graph.route(from: palace, to: casino))
        let straight = Geo.distance(route.start.point, route.end.point)
        #expect(route.lengthMeters >= straight)
        #expect(route.lengthMeters <= 3 * straight)
        #expect(route.points.first == route.start.point && route.points.last == route.end.point)
        let seconds = route.durationSeconds
        #expect(seconds > route.lengthMeters / (110 / 3.6) && seconds < route.lengthMeters / (10 / 3.6))
        let back = try #require(graph.route(from: casino, to: palace))
        #expect(back.points != route.points.reversed())
    }

    @Test func snapsNearBoulevardPrincesseCharlotte() throws {
        let way = try #require(map.ways(named: "Boulevard Princesse Charlotte").first)
        let onRoad = Geo.interpolate(way.points[0], way.points[1], fraction: 0.5)
        let nearby = Geo.destination(
            from: onRoad, bearing: Geo.bearing(from: way.points[0], to: way.points[1]) + 90, distance: 4)
        let snap = try #require(graph.nearest(to: nearby))
        // Another carriageway may lie nearer, but never farther than the boulevard itself.
        #expect(snap.distanceMeters <= 4.01)
        #expect(abs(Geo.distance(nearby, snap.point) - snap.distanceMeters) < 1e-9)
    }

    @Test func boxQueryMatchesABruteForceScan() {
        let box = GeoBox(minLatitude: 43.736, minLongitude: 7.420, maxLatitude: 43.740, maxLongitude: 7.426)
        let expected = map.ways.indices.filter { index in
            let points = map.ways[index].points
            return zip(points, points.dropFirst()).contains { box.intersectsSegment($0.0, $0.1) }
        }
        #expect(!expected.isEmpty && expected.count < map.ways.count / 2)
        #expect(graph.wayIndices(intersecting: box) == expected)
    }

    @Test func snapMatchesABruteForceScan() throws {
        for step in 0..<40 {
            let probe = LatLng(latitude: 43.722 + Double(step % 8) * 0.004, longitude: 7.405 + Double(step / 8) * 0.008)
            let snap = try #require(graph.nearest(to: probe))
            // Every segment, measured in a projection centred on the probe itself.
            let projection = LocalProjection(origin: probe)
            let nearest = map.ways.flatMap { way in
                zip(way.points, way.points.dropFirst()).map {
                    RoadGraph.closest(projection.project(probe), projection.project($0.0), projection.project($0.1)).1
                        .squareRoot()
                }
            }.min()!
            #expect(abs(snap.distanceMeters - nearest) < 0.5, "probe \(probe)")
        }
    }
}
