import FleetModel
import Testing

@testable import MapRendering

@Suite struct ViewportTests {
    let view = Viewport(centre: TestScenes.origin, zoom: 15.3, columns: 80, rows: 24)

    @Test(arguments: CanvasMarker.allCases)
    func projectingToDotsAndBackReturnsTheCoordinate(marker: CanvasMarker) {
        let view = view.resized(columns: 80, rows: 24, marker: marker)
        for point in [TestScenes.origin, TestScenes.pickup, TestScenes.point(east: -3000, north: 2500)] {
            let back = view.coordinate(atDot: view.dotPosition(of: point))
            #expect(Geo.distance(back, point) < 0.001)
        }
    }

    @Test func theCentreIsInTheMiddleCell() {
        #expect(view.cell(of: TestScenes.origin)! == (40, 12))
        let dot = view.resized(columns: 80, rows: 24, marker: .braille).dotPosition(of: TestScenes.origin)
        #expect(dot == DotPoint(x: 80, y: 48))
    }

    @Test func cellsAreTwiceAsTallSoEqualDistancesSpanTwiceTheColumns() {
        let east = view.cellPosition(of: TestScenes.point(east: 500, north: 0))
        let north = view.cellPosition(of: TestScenes.point(east: 0, north: 500))
        let columns = east.x - 40, rows = 12 - north.y
        #expect(abs(columns / rows - 2) < 0.01)
        #expect(abs(columns * view.metersPerCell - 500) < 5)
    }

    @Test func zoomingTowardACellKeepsThatCellsCoordinate() {
        let cell = (column: 10, row: 5)
        let before = view.coordinate(column: cell.column, row: cell.row)
        for levels in [1.0, -2.5, 0.25] {
            let zoomed = view.zoomed(by: levels, toward: cell)
            #expect(abs(zoomed.zoom - (view.zoom + levels)) < 1e-9)
            #expect(Geo.distance(zoomed.coordinate(column: cell.column, row: cell.row), before) < 0.01)
        }
        #expect(view.zoomed(by: 1).centre == view.centre)
    }

    @Test func zoomIsClampedAndEachLevelHalvesTheMetresPerCell() {
        #expect(view.zoomed(by: 100).zoom == Viewport.zoomRange.upperBound)
        #expect(view.zoomed(by: -100).zoom == Viewport.zoomRange.lowerBound)
        #expect(abs(view.zoomed(by: 1).metersPerCell * 2 - view.metersPerCell) < 1e-9)
    }

    @Test func panningByCellsMovesThatCellToTheCentre() {
        let target = view.coordinate(column: 50, row: 9)
        let panned = view.panned(columns: 10, rows: -3)
        #expect(Geo.distance(panned.coordinate(column: 40, row: 12), target) < 0.01)
    }

    @Test func metresPerCellMatchesTheGroundAtTheEquator() {
        let view = Viewport(centre: LatLng(latitude: 0, longitude: 0), zoom: 0, columns: 32, rows: 16)
        #expect(abs(view.metersPerCell * 32 - 2 * .pi * Geo.earthRadiusMeters) < 1)
    }
}
