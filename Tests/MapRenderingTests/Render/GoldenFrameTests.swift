import FleetModel
import TerminalCore
import Testing

@testable import MapRendering

/// Whole frames compared with `Golden/*.txt` (TRIPTERM_UPDATE_GOLDEN=1 to regenerate).
@Suite struct GoldenFrameTests {
    func render(
        _ scene: MapScene = TestScenes.trip, marker: CanvasMarker, theme: MapTheme = .color256,
        glyphs: GlyphSet = .unicode, viewport: Viewport? = nil
    ) -> CellBuffer {
        var renderer = MapRenderer()
        return renderer.render(
            scene: scene, viewport: viewport ?? TestScenes.viewport(marker), theme: theme, glyphs: glyphs)
    }

    @Test func brailleTripWithTrafficAndStops() {
        GoldenFrame.check(render(marker: .braille), named: "trip-braille-256", title: "trip, braille, 256 colours")
    }

    @Test func halfBlockTrip() {
        GoldenFrame.check(
            render(marker: .halfBlock), named: "trip-halfblock-256", title: "trip, half blocks, 256 colours")
    }

    @Test func asciiTrip() {
        GoldenFrame.check(
            render(marker: .ascii, glyphs: .ascii), named: "trip-ascii-256", title: "trip, ASCII glyphs, 256 colours")
    }

    @Test func monochromeTrip() {
        GoldenFrame.check(
            render(marker: .braille, theme: .monochrome), named: "trip-braille-mono", title: "trip, braille, monochrome"
        )
    }

    @Test func sixteenColourTrip() {
        GoldenFrame.check(
            render(marker: .halfBlock, theme: .color16), named: "trip-halfblock-16",
            title: "trip, half blocks, 16 colours")
    }

    @Test func zoomedInWithMarkersOffScreen() {
        var scene = TestScenes.trip
        scene.vehicle = MapVehicle(position: TestScenes.point(east: -200, north: 0), heading: 135)
        let viewport = Viewport(centre: TestScenes.point(east: -100, north: 0), zoom: 17.5, columns: 40, rows: 12)
        GoldenFrame.check(
            render(scene, marker: .braille, viewport: viewport), named: "offscreen-braille-256",
            title: "zoomed in: pickup, dropoff and stops off screen, vehicle heading 135°")
        GoldenFrame.check(
            render(
                scene, marker: .ascii, theme: .monochrome, glyphs: .ascii,
                viewport: viewport.resized(columns: 40, rows: 12, marker: .ascii)),
            named: "offscreen-ascii-mono", title: "zoomed in, ASCII, monochrome")
    }
}
