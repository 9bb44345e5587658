import FleetModel
import Foundation
import MapRendering
import Testing

@testable import TerminalUI

extension NcursesTests {
    /// What a frame costs on the wire: a 200×60 map with a 2,000-point route and every marker, drawn through
    /// ncurses to a file. A frame where only the car moved must send only the cells around the car — the renderer
    /// keeps the rest of the frame, our terminal skips equal cells, and ncurses sends only what changed.
    @Suite struct FrameBytes {
        static let centre = LatLng(latitude: 43.7384, longitude: 7.4246)

        /// A winding 2,000-point route around Monaco, like a long trip's remaining route.
        static let route: [LatLng] = (0..<2_000).map { i in
            let t = Double(i) / 2_000
            return LatLng(
                latitude: centre.latitude - 0.008 + 0.016 * t, longitude: centre.longitude + 0.012 * sin(t * 18))
        }

        static func scene(vehicleAt index: Int) -> MapScene {
            MapScene(
                trail: Array(route[0..<index]), route: route, activeRoute: Array(route[index..<1_000]),
                traffic: [
                    SpeedReadingInterval(startPolylinePointIndex: 100, endPolylinePointIndex: 300, speed: .trafficJam)
                ],
                vehicle: MapVehicle(position: route[index], heading: 10), pickup: route[1_000], dropoff: route[1_999],
                stops: [route[1_400], route[1_700]])
        }

        @Test func aVehicleOnlyFrameSendsOnlyTheCellsThatChanged() throws {
            let viewport = Viewport(centre: Self.centre, zoom: 14.5, columns: 200, rows: 60)
            var renderer = MapRenderer()
            let trail = Array(Self.route[0..<500])
            var first = Self.scene(vehicleAt: 500)
            first.trail = trail
            var moved = Self.scene(vehicleAt: 500)
            moved.trail = trail
            moved.activeRoute = first.activeRoute
            moved.vehicle = MapVehicle(position: Self.route[600], heading: 10)
            let (full, vehicleOnly, cells) = try withTemporaryFile { path in
                try withOffscreen(width: 200, height: 60, outputPath: path) { terminal in
                    terminal.draw(renderer.render(scene: first, viewport: viewport))
                    let full = terminal.stats.lastFrameBytes ?? -1
                    terminal.draw(renderer.render(scene: moved, viewport: viewport))
                    return (full, terminal.stats.lastFrameBytes ?? -1, terminal.stats.lastFrameCells)
                }
            }
            print("frame bytes 200×60: full \(full), vehicle-only \(vehicleOnly) (\(cells) cells)")
            #expect(full > 1_000, "a full frame draws the whole route")
            #expect(cells <= 4, "the car's old and new cells (and at most their neighbours), not \(cells)")
            #expect(vehicleOnly > 0 && vehicleOnly < 100, "\(vehicleOnly) bytes for a vehicle-only frame")
        }
    }
}
