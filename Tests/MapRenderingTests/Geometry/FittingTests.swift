import FleetModel
import Testing

@testable import MapRendering

@Suite struct FittingTests {
    let points = [TestScenes.trail[0], TestScenes.pickup, TestScenes.dropoff, TestScenes.vehicle.position]

    @Test(arguments: [(80, 24), (200, 60), (30, 40)])
    func everyPointIsInsideThePadding(size: (Int, Int)) {
        let view = Viewport.fitting(points: points, columns: size.0, rows: size.1, padding: 2)!
        for point in points {
            let cell = view.cellPosition(of: point)
            #expect(cell.x >= 4 && cell.x < Double(size.0 - 4), "\(cell)")
            #expect(cell.y >= 2 && cell.y < Double(size.1 - 2), "\(cell)")
        }
        // Tight: one more zoom quantum would push a point out of the padded box.
        let closer = view.zoomed(by: 0.25)
        let outside = points.contains { point in
            let cell = closer.cellPosition(of: point)
            return cell.x < 4 || cell.y < 2 || cell.x >= Double(size.0 - 4) || cell.y >= Double(size.1 - 2)
        }
        #expect(outside)
    }

    @Test func aSinglePointGetsTheMaximumZoomAndNoPointsNoViewport() {
        let view = Viewport.fitting(points: [TestScenes.pickup], columns: 80, rows: 24, maxZoom: 17)!
        #expect(view.zoom == 17)
        #expect(view.cell(of: TestScenes.pickup)! == (40, 12))
        #expect(Viewport.fitting(points: [], columns: 80, rows: 24) == nil)
        #expect(Viewport.fitting(points: [LatLng(latitude: .nan, longitude: 0)], columns: 80, rows: 24) == nil)
    }
}
