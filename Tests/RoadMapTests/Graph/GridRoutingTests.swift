import FleetModel
import Testing

@testable import RoadMap

/// Routing on the made-up block of Fixtures/grid.osm, where every right answer can be worked out by hand.
@Suite("Routing on a small grid")
struct GridRoutingTests {
    let graph: RoadGraph

    init() throws {
        graph = RoadGraph(try OSMImporter.importFile(path: TestFiles.gridFixture).map)
    }

    /// A point `fraction` of the way along Rue du Sud's segment from node `from` (1 or 2) eastwards.
    private func onSouthStreet(_ longitude: Double) -> LatLng { LatLng(latitude: 43.73, longitude: longitude) }

    @Test func aRouteWithTheOneWayIsDirect() throws {
        let route = try #require(graph.route(from: onSouthStreet(7.42025), to: onSouthStreet(7.42225)))
        #expect(route.points == [onSouthStreet(7.42025), onSouthStreet(7.42125), onSouthStreet(7.42225)])
        #expect(abs(route.lengthMeters - 160.8) < 1)
        #expect(abs(route.durationSeconds - route.lengthMeters / (30 / 3.6)) < 0.01)
    }

    @Test func aRouteAgainstTheOneWayGoesRoundTheBlock() throws {
        let route = try #require(graph.route(from: onSouthStreet(7.42225), to: onSouthStreet(7.42025)))
        #expect(
            route.points == [
                onSouthStreet(7.42225), onSouthStreet(7.4225), LatLng(latitude: 43.7309, longitude: 7.4225),
                LatLng(latitude: 43.7309, longitude: 7.42125), LatLng(latitude: 43.7309, longitude: 7.42),
                onSouthStreet(7.42), onSouthStreet(7.42025),
            ])
        #expect(abs(route.lengthMeters - 442) < 2)
    }

    @Test func routesAlongOneSegmentRespectTheDirection() throws {
        let forward = try #require(graph.route(from: onSouthStreet(7.4201), to: onSouthStreet(7.4202)))
        #expect(forward.points.count == 2)
        let backward = try #require(graph.route(from: onSouthStreet(7.4202), to: onSouthStreet(7.4201)))
        #expect(backward.lengthMeters > 400)
        let twoWay = try #require(
            graph.route(
                from: LatLng(latitude: 43.7309, longitude: 7.4202), to: LatLng(latitude: 43.7309, longitude: 7.4201)
            ))
        #expect(twoWay.points.count == 2 && abs(twoWay.lengthMeters - 8.04) < 0.1)
    }

    @Test func theNorthStreetIsDrivenEastwardsOnly() throws {
        let west = LatLng(latitude: 43.7318, longitude: 7.4201), east = LatLng(latitude: 43.7318, longitude: 7.4224)
        let eastwards = try #require(graph.route(from: west, to: east))
        let westwards = try #require(graph.route(from: east, to: west))
        #expect(eastwards.lengthMeters < 190)
        #expect(westwards.lengthMeters > 350)
        #expect(eastwards.points != westwards.points.reversed())
    }

    @Test func snapsToTheNearestSegment() throws {
        // 10 m north of Rue du Sud, between nodes 1 and 2.
        let snap = try #require(graph.nearest(to: LatLng(latitude: 43.73009, longitude: 7.4205)))
        #expect(graph.map.ways[snap.wayIndex].id == 100)
        #expect(snap.segmentIndex == 0)
        #expect(abs(snap.fraction - 0.4) < 1e-6)
        #expect(abs(snap.point.latitude - 43.73) < 1e-9 && abs(snap.point.longitude - 7.4205) < 1e-9)
        #expect(abs(snap.distanceMeters - 10) < 0.1)
    }

    @Test func snapsFromFarOutsideTheMap() throws {
        let snap = try #require(graph.nearest(to: LatLng(latitude: 44.0, longitude: 7.4212)))
        #expect(graph.map.ways[snap.wayIndex].id == 102)
        #expect(snap.point.latitude == 43.7318)
    }

    @Test func unreachableDestinationsGiveNoRoute() {
        let island = RoadMap(
            attribution: "",
            ways: [
                RoadWay(
                    id: 1, roadClass: .road, isOneWay: true,
                    points: [LatLng(latitude: 0, longitude: 0), LatLng(latitude: 0, longitude: 0.01)]),
                RoadWay(
                    id: 2, roadClass: .road,
                    points: [LatLng(latitude: 1, longitude: 0), LatLng(latitude: 1, longitude: 0.01)]),
            ])
        let graph = RoadGraph(island)
        #expect(
            graph.route(from: LatLng(latitude: 0, longitude: 0.001), to: LatLng(latitude: 1, longitude: 0.005)) == nil)
        #expect(
            graph.route(from: LatLng(latitude: 0, longitude: 0.009), to: LatLng(latitude: 0, longitude: 0.001)) == nil)
        #expect(RoadGraph(RoadMap(attribution: "", ways: [])).nearest(to: LatLng(latitude: 0, longitude: 0)) == nil)
    }

    @Test func boxQueriesFindOnlyWaysInView() {
        let southWest = GeoBox(minLatitude: 43.7298, minLongitude: 7.4198, maxLatitude: 43.7302, maxLongitude: 7.4202)
        #expect(graph.wayIndices(intersecting: southWest).map { graph.map.ways[$0].id } == [100, 103])
        // Crossed by Avenue du Milieu between its points, with no point inside.
        let middle = GeoBox(minLatitude: 43.7308, minLongitude: 7.4205, maxLatitude: 43.7310, maxLongitude: 7.4207)
        #expect(graph.ways(intersecting: middle).map(\.id) == [101])
        let outside = GeoBox(minLatitude: 44, minLongitude: 8, maxLatitude: 45, maxLongitude: 9)
        #expect(graph.wayIndices(intersecting: outside).isEmpty)
        let all = GeoBox(minLatitude: 43, minLongitude: 7, maxLatitude: 44, maxLongitude: 8)
        #expect(graph.wayIndices(intersecting: all) == Array(graph.map.ways.indices))
    }
}
