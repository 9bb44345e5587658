import FleetModel
import MapRendering
import Testing

@testable import TerminalUI

/// The base-map roads a frame draws: ranks by zoom, only in or near the view, and the same set while the view
/// stays in the area it was chosen for (so the renderer's road cache holds).
@Suite struct RoadSelectorTests {
    static let monaco = LatLng(latitude: 43.7384, longitude: 7.4246)

    static func road(_ rank: RoadRank, at centre: LatLng, name: String) -> MapRoad {
        MapRoad(
            points: [centre, LatLng(latitude: centre.latitude + 0.001, longitude: centre.longitude + 0.001)],
            rank: rank, name: name)
    }

    static let roads = [
        road(.primary, at: monaco, name: "near primary"),
        road(.service, at: monaco, name: "near service"),
        road(.primary, at: LatLng(latitude: 48.8566, longitude: 2.3522), name: "Paris primary"),
    ]

    @Test func onlyRoadsNearTheViewAreDrawn() {
        var selector = RoadSelector(roads: Self.roads)
        let close = Viewport(centre: Self.monaco, zoom: 17, columns: 80, rows: 24)
        #expect(selector.roads(for: close).compactMap(\.name) == ["near primary", "near service"])
    }

    @Test func zoomedOutOnlyMajorRoadsRemain() {
        var selector = RoadSelector(roads: Self.roads)
        let far = Viewport(centre: Self.monaco, zoom: 12, columns: 80, rows: 24)
        #expect(selector.roads(for: far).compactMap(\.name) == ["near primary"])
    }

    @Test func aSmallPanKeepsTheSameSelection() {
        var selector = RoadSelector(roads: Self.roads)
        let view = Viewport(centre: Self.monaco, zoom: 16, columns: 80, rows: 24)
        let first = selector.roads(for: view)
        let panned = selector.roads(for: view.panned(columns: 3, rows: 1))
        #expect(first == panned)
        let elsewhere = selector.roads(
            for: Viewport(centre: LatLng(latitude: 48.8566, longitude: 2.3522), zoom: 16, columns: 80, rows: 24))
        #expect(elsewhere.compactMap(\.name) == ["Paris primary"])
    }
}
