import FleetModel
import TerminalCore
import Testing

@testable import MapRendering

@Suite struct MapRendererTests {
    let theme = MapTheme.color256
    let view = Viewport(centre: TestScenes.origin, zoom: 16, columns: 40, rows: 12)

    func role(of cell: Cell, in theme: MapTheme = .color256) -> MapRole? {
        MapRole.allCases.last { theme.style(for: $0) == cell.style }
    }

    @Test func layersStackMarkersOverRouteOverTrailOverRoads() {
        let a = TestScenes.point(east: -100, north: 0), b = TestScenes.point(east: 100, north: 0)
        var scene = MapScene(roads: [MapRoad(points: [a, b], rank: .primary)])
        var renderer = MapRenderer()
        let centre = view.cell(of: TestScenes.origin)!
        func top() -> MapRole? { role(of: renderer.render(scene: scene, viewport: view)[centre.column, centre.row]) }
        #expect(top() == .roadPrimary)
        scene.trail = [a, b]
        #expect(top() == .trail)
        scene.route = [a, b]
        #expect(top() == .route)
        scene.activeRoute = [a, b]
        #expect(top() == .activeRoute)
        scene.traffic = [SpeedReadingInterval(endPolylinePointIndex: 1, speed: .trafficJam)]
        #expect(top() == .trafficJam)
        scene.pickup = TestScenes.origin
        #expect(top() == .pickup)
        scene.vehicle = MapVehicle(position: TestScenes.origin, heading: 90)
        #expect(top() == .vehicle)
        #expect(renderer.render(scene: scene, viewport: view)[centre.column, centre.row].grapheme == "→")
    }

    @Test func stopsAreNumberedAndTheVehicleShowsItsHeading() {
        let stops = [TestScenes.point(east: -100, north: 0), TestScenes.point(east: 100, north: 0)]
        var renderer = MapRenderer()
        for (heading, arrow) in [(0.0, "↑"), (44, "↗"), (100, "→"), (181, "↓"), (230, "↙"), (-90, "←"), (320, "↖")] {
            let scene = MapScene(vehicle: MapVehicle(position: TestScenes.origin, heading: heading), stops: stops)
            let frame = renderer.render(scene: scene, viewport: view)
            let text = frame.text
            #expect(text.contains("1") && text.contains("2"))
            let cell = view.cell(of: TestScenes.origin)!
            #expect(frame[cell.column, cell.row].grapheme == Character(arrow), "heading \(heading)")
        }
        let ascii = renderer.render(
            scene: MapScene(vehicle: MapVehicle(position: TestScenes.origin, heading: 91)), viewport: view,
            glyphs: .ascii)
        #expect(ascii.text.contains(">"))
        let unknown = renderer.render(scene: MapScene(vehicle: MapVehicle(position: TestScenes.origin)), viewport: view)
        #expect(unknown.text.contains("●"))
    }

    @Test func markersOutOfViewGetAnArrowAtTheEdge() {
        var renderer = MapRenderer()
        let scene = MapScene(
            vehicle: MapVehicle(position: TestScenes.point(east: 0, north: 5000), heading: 0),
            pickup: TestScenes.point(east: 8000, north: 0), dropoff: TestScenes.point(east: -8000, north: -8000))
        let frame = renderer.render(scene: scene, viewport: view)
        let lines = frame.lines
        #expect(lines[0].contains("●↑") || lines[0].contains("↑●"))
        #expect(lines[6].hasSuffix("◎→") || lines[5].hasSuffix("◎→"))
        #expect(lines[11].contains("↙⚑"))
        #expect(role(of: frame[39, lines[6].hasSuffix("◎→") ? 6 : 5]) == .pickup)
    }

    @Test func theScaleBarShowsARoundDistanceThatMatchesItsLength() {
        var renderer = MapRenderer()
        let frame = renderer.render(scene: MapScene(), viewport: view)
        let bottom = frame.lines[11]
        #expect(bottom.hasPrefix(" ├"))
        let bar = ScaleBar(metersPerCell: view.metersPerCell, maxCells: 10)!
        #expect(bottom.contains("┤ \(bar.label)"))
        #expect(abs(Double(bar.cells) * view.metersPerCell - bar.meters) <= view.metersPerCell / 2)
        #expect(["1", "2", "5"].contains(bar.label.first.map(String.init) ?? ""))
        #expect(ScaleBar(metersPerCell: 30, maxCells: 20)!.label == "500 m")
        #expect(ScaleBar(metersPerCell: 120, maxCells: 20)!.label == "2 km")
        #expect(ScaleBar(metersPerCell: .nan, maxCells: 20) == nil)
    }

    @Test func aFrameWhereOnlyTheVehicleMovedRedrawsNoLayer() {
        var renderer = MapRenderer()
        var scene = TestScenes.trip
        let viewport = TestScenes.viewport()
        let first = renderer.render(scene: scene, viewport: viewport)
        let before = renderer.statistics
        scene.vehicle = MapVehicle(position: TestScenes.point(east: -200, north: -100), heading: 0)
        let second = renderer.render(scene: scene, viewport: viewport)
        #expect(renderer.statistics.roadRasters == before.roadRasters)
        #expect(renderer.statistics.routeRasters == before.routeRasters)
        #expect(renderer.statistics.compositions == before.compositions)
        // The result is the same as a fresh renderer's: the old vehicle cell was restored.
        var fresh = MapRenderer()
        #expect(second == fresh.render(scene: scene, viewport: viewport))
        #expect(second != first)
    }

    @Test func aNewRouteKeepsTheRoadRasterAndANewViewportRedrawsIt() {
        var renderer = MapRenderer()
        var scene = TestScenes.trip
        let viewport = TestScenes.viewport()
        _ = renderer.render(scene: scene, viewport: viewport)
        scene.trail.append(TestScenes.point(east: -200, north: -120))
        _ = renderer.render(scene: scene, viewport: viewport)
        #expect(renderer.statistics.roadRasters == 1 && renderer.statistics.routeRasters == 2)
        _ = renderer.render(scene: scene, viewport: viewport, theme: .monochrome)
        #expect(renderer.statistics.routeRasters == 2 && renderer.statistics.compositions == 3)
        _ = renderer.render(scene: scene, viewport: viewport.panned(columns: 1, rows: 0))
        #expect(renderer.statistics.roadRasters == 2 && renderer.statistics.roadProjections == 1)
    }

    @Test func labelsSitBesideTheirPointAndNeverCoverAMarker() {
        var renderer = MapRenderer()
        let scene = MapScene(
            pickup: TestScenes.origin,
            labels: [
                MapLabel(position: TestScenes.origin, text: "Pickup"),
                MapLabel(position: TestScenes.point(east: -60, north: 0), text: "XXXXXXXX"),
            ])
        let frame = renderer.render(scene: scene, viewport: view)
        let cell = view.cell(of: TestScenes.origin)!
        #expect(frame[cell.column, cell.row].grapheme == "◎")
        #expect(frame.lines[cell.row].contains("◎X"))
    }

    @Test func wideLabelsTakeTwoCellsAGlyphAndLineUp() {
        var renderer = MapRenderer()
        let point = TestScenes.point(east: -200, north: 0)
        let scene = MapScene(labels: [MapLabel(position: point, text: "本町通り")])
        let frame = renderer.render(scene: scene, viewport: view)
        let cell = view.cell(of: point)!
        #expect(frame[cell.column + 2, cell.row].grapheme == "本")
        #expect(frame[cell.column + 3, cell.row].isContinuation)
        #expect(frame[cell.column + 9, cell.row].isContinuation)
        #expect(frame.lines[cell.row].displayWidth == frame.width)
        // Only the vehicle moves: the label's cells, continuations included, are recomposed and drawn again.
        var moved = scene
        moved.vehicle = MapVehicle(position: TestScenes.point(east: 0, north: 100))
        let next = renderer.render(scene: moved, viewport: view)
        #expect(next.lines[cell.row] == frame.lines[cell.row])
    }

    @Test func trafficIntervalsColourTheirStretchAndBadIndicesAreIgnored() {
        var paths = ProjectedPaths()
        let route = (0..<6).map { TestScenes.point(east: Double($0) * 50, north: 0) }
        paths.appendTraffic(
            route: route,
            traffic: [
                SpeedReadingInterval(startPolylinePointIndex: 1, endPolylinePointIndex: 3, speed: .slow),
                SpeedReadingInterval(startPolylinePointIndex: 4, endPolylinePointIndex: 99, speed: .trafficJam),
                SpeedReadingInterval(startPolylinePointIndex: 3, endPolylinePointIndex: 2, speed: .trafficJam),
                SpeedReadingInterval(startPolylinePointIndex: -5, endPolylinePointIndex: 0, speed: .slow),
            ])
        #expect(paths.roles == [.activeRoute, .trafficSlow, .activeRoute, .trafficJam])
        #expect(paths.starts == [0, 2, 5, 7])  // runs share their end points: 0-1, 1-3, 3-4, 4-5
        #expect(paths.points.count == 9)
    }

    @Test func emptyAndTinyViewportsDoNotCrash() {
        var renderer = MapRenderer()
        for (columns, rows) in [(0, 0), (1, 1), (2, 1), (0, 5)] {
            let frame = renderer.render(scene: TestScenes.trip, viewport: view.resized(columns: columns, rows: rows))
            #expect(frame.width == columns && frame.height == rows)
        }
    }
}
