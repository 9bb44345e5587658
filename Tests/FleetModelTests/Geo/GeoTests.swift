import Testing

@testable import FleetModel

private let paris = LatLng(latitude: 48.8566, longitude: 2.3522)
private let london = LatLng(latitude: 51.5074, longitude: -0.1278)
private let origin = LatLng(latitude: 0, longitude: 0)

private func isClose(_ a: Double, _ b: Double, within tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

@Suite("Geo")
struct GeoTests {
    @Test func parisToLondon() {
        #expect(isClose(Geo.distance(paris, london), 343_500, within: 500))
        #expect(Geo.distance(paris, london) == Geo.distance(london, paris))
    }

    @Test func oneDegreeOfLatitude() {
        let d = Geo.distance(LatLng(latitude: 10, longitude: 20), LatLng(latitude: 11, longitude: 20))
        #expect(isClose(d, 111_195, within: 1))
    }

    @Test func zeroDistance() {
        #expect(Geo.distance(paris, paris) == 0)
    }

    @Test(arguments: [
        (LatLng(latitude: 1, longitude: 0), 0.0),
        (LatLng(latitude: 0, longitude: 1), 90.0),
        (LatLng(latitude: -1, longitude: 0), 180.0),
        (LatLng(latitude: 0, longitude: -1), 270.0),
    ])
    func cardinalBearingsOnTheEquator(target: LatLng, expected: Double) {
        #expect(isClose(Geo.bearing(from: origin, to: target), expected, within: 1e-9))
    }

    @Test func bearingBetweenCities() {
        #expect(isClose(Geo.bearing(from: paris, to: london), 330.02, within: 0.05))
        #expect(isClose(Geo.bearing(from: london, to: paris), 148.12, within: 0.05))
    }

    @Test func bearingIsInRange() {
        let almostNorth = LatLng(latitude: 1, longitude: -1e-15)
        let b = Geo.bearing(from: origin, to: almostNorth)
        #expect(b >= 0 && b < 360)
        #expect(Geo.bearing(from: paris, to: paris) == 0)
    }

    @Test(arguments: [0.0, 45, 90, 135, 180, 225, 270, 330])
    func destinationInvertsDistanceAndBearing(bearing: Double) {
        let target = Geo.destination(from: paris, bearing: bearing, distance: 12_345)
        #expect(isClose(Geo.distance(paris, target), 12_345, within: 1e-6))
        #expect(
            isClose(Geo.bearing(from: paris, to: target), bearing, within: 1e-6)
                || isClose(Geo.bearing(from: paris, to: target), bearing + 360, within: 1e-6))
    }

    @Test func destinationAcrossTheAntimeridianIsNormalised() {
        let start = LatLng(latitude: 0, longitude: 179.9)
        let target = Geo.destination(from: start, bearing: 90, distance: 22_239)
        #expect(isClose(target.longitude, -179.9, within: 1e-4))
        #expect(isClose(target.latitude, 0, within: 1e-9))
    }

    @Test func interpolateEndsAndMidpoint() {
        #expect(Geo.interpolate(paris, london, fraction: 0) == paris)
        #expect(Geo.interpolate(paris, london, fraction: 1) == london)
        let mid = Geo.interpolate(paris, london, fraction: 0.5)
        let half = Geo.distance(paris, london) / 2
        #expect(isClose(Geo.distance(paris, mid), half, within: 1e-6))
        #expect(isClose(Geo.distance(mid, london), half, within: 1e-6))
    }

    @Test func interpolateOnTheEquatorAndMeridian() {
        let east = Geo.interpolate(origin, LatLng(latitude: 0, longitude: 10), fraction: 0.25)
        #expect(isClose(east.latitude, 0, within: 1e-12))
        #expect(isClose(east.longitude, 2.5, within: 1e-12))
        let north = Geo.interpolate(origin, LatLng(latitude: 10, longitude: 0), fraction: 0.5)
        #expect(isClose(north.latitude, 5, within: 1e-12))
        #expect(isClose(north.longitude, 0, within: 1e-12))
    }

    @Test func interpolateIdenticalPoints() {
        let p = Geo.interpolate(paris, paris, fraction: 0.3)
        #expect(isClose(p.latitude, paris.latitude, within: 1e-12))
        #expect(isClose(p.longitude, paris.longitude, within: 1e-12))
    }

    @Test func interpolateAcrossTheAntimeridian() {
        let a = LatLng(latitude: 0, longitude: 179), b = LatLng(latitude: 0, longitude: -179)
        let mid = Geo.interpolate(a, b, fraction: 0.5)
        #expect(isClose(abs(mid.longitude), 180, within: 1e-9))
        let quarter = Geo.interpolate(a, b, fraction: 0.75)
        #expect(isClose(quarter.longitude, -179.5, within: 1e-9))
    }

    @Test(arguments: [
        (0.0, 0.0), (180, 180), (-180, -180), (181, -179), (-181, 179),
        (360, 0), (540, -180), (-359.5, 0.5), (720.25, 0.25),
    ])
    func normalizedLongitude(input: Double, expected: Double) {
        #expect(isClose(Geo.normalizedLongitude(input), expected, within: 1e-9))
    }
}
