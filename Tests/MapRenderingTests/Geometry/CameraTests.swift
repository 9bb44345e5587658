import FleetModel
import Testing

@testable import MapRendering

@Suite struct CameraTests {
    var camera = Camera(viewport: Viewport(centre: LatLng(latitude: 0, longitude: 0), zoom: 3, columns: 1, rows: 1))
    let trip = [TestScenes.trail[0], TestScenes.pickup, TestScenes.dropoff]

    @Test mutating func theFirstUpdateFitsWithAQuantisedZoom() {
        let changed1 = camera.update(fitting: trip, columns: 80, rows: 24)
        #expect(changed1)
        let zoom = camera.viewport.zoom
        #expect((zoom / 0.25).rounded() * 0.25 == zoom)
        let exact = Viewport.fitting(points: trip, columns: 80, rows: 24)!.zoom
        #expect(zoom <= exact && zoom > exact - 0.25)
        #expect(camera.isFollowing)
    }

    @Test mutating func smallMovesNeitherReZoomNorReCentre() {
        camera.update(fitting: trip, columns: 80, rows: 24)
        let fitted = camera.viewport
        // The first point creeps outward, past the fitted box but not through the inner margin.
        for metres in stride(from: 0.0, through: 12, by: 3) {
            let moved = [TestScenes.point(east: -400 - metres, north: -300 - metres / 2), trip[1], trip[2]]
            let changed1 = camera.update(fitting: moved, columns: 80, rows: 24)
            #expect(!changed1)
        }
        #expect(camera.viewport == fitted)
    }

    @Test mutating func aPointLeavingTheInnerMarginReFits() {
        camera.update(fitting: trip, columns: 80, rows: 24)
        let fitted = camera.viewport
        let far = TestScenes.point(east: 1500, north: 300)
        let changed1 = camera.update(fitting: trip + [far], columns: 80, rows: 24)
        #expect(changed1)
        #expect(camera.viewport.zoom < fitted.zoom)
        #expect(camera.viewport.cell(of: far) != nil)
    }

    @Test mutating func contentThatShrinksZoomsIn() {
        camera.update(fitting: trip, columns: 80, rows: 24)
        let fitted = camera.viewport
        let changed1 = camera.update(fitting: [TestScenes.pickup, TestScenes.dropoff], columns: 80, rows: 24)
        #expect(changed1)
        #expect(camera.viewport.zoom >= fitted.zoom + 0.25)
    }

    @Test mutating func panAndZoomStopFollowingUntilResumed() {
        camera.update(fitting: trip, columns: 80, rows: 24)
        camera.pan(columns: 5, rows: 0)
        #expect(!camera.isFollowing)
        let panned = camera.viewport
        let changed1 = camera.update(fitting: trip + [TestScenes.point(east: 3000, north: 0)], columns: 80, rows: 24)
        #expect(!changed1)
        #expect(camera.viewport == panned)
        camera.resumeFollowing()
        let changed2 = camera.update(fitting: trip, columns: 80, rows: 24)
        #expect(changed2)
        #expect(camera.isFollowing)

        let mouse: (Int, Int)? = (3, 3)
        camera.zoom(by: 1, toward: mouse)
        #expect(!camera.isFollowing)
        camera.resumeFollowing()
        let (columns, rows) = (2, -1)
        camera.pan(columns: columns, rows: rows)
        #expect(!camera.isFollowing)
        camera.resumeFollowing()
        camera.centre(onColumn: 10, row: 10)
        #expect(!camera.isFollowing)
    }

    @Test mutating func zoomIsClampedToTheLimitsAndResizeRefits() {
        camera.update(fitting: trip, columns: 80, rows: 24)
        camera.zoom(by: 50)
        #expect(camera.viewport.zoom == camera.zoomLimits.upperBound)
        camera.zoom(by: -50)
        #expect(camera.viewport.zoom == camera.zoomLimits.lowerBound)
        camera.resumeFollowing()
        camera.update(fitting: trip, columns: 80, rows: 24)
        let small = camera.viewport.zoom
        let changed1 = camera.update(fitting: trip, columns: 160, rows: 48)
        #expect(changed1)
        #expect(camera.viewport.zoom > small)
        #expect(camera.viewport.columns == 160)
    }
}
