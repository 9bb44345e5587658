import Testing

@testable import FleetModel

private func isClose(_ a: Double, _ b: Double, within tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// An L in Monaco: ≈ 803.5 m east, then ≈ 1112.0 m north.
private let a = LatLng(latitude: 43.73, longitude: 7.42)
private let b = LatLng(latitude: 43.73, longitude: 7.43)
private let c = LatLng(latitude: 43.74, longitude: 7.43)
private let path = [a, b, c]
private let leg1 = 803.50
private let leg2 = 1111.95

@Suite("Polyline geometry")
struct PolylineGeoTests {
    @Test func lengthAndCumulativeDistances() {
        #expect(isClose(path.length, leg1 + leg2, within: 0.02))
        let cumulative = path.cumulativeDistances
        #expect(cumulative.count == 3)
        #expect(cumulative[0] == 0)
        #expect(isClose(cumulative[1], leg1, within: 0.01))
        #expect(isClose(cumulative[2], path.length, within: 1e-9))
    }

    @Test func emptyAndSinglePointPaths() {
        let empty: [LatLng] = []
        #expect(empty.length == 0)
        #expect(empty.cumulativeDistances.isEmpty)
        #expect(empty.point(atDistance: 10) == nil)
        #expect(empty.closestPoint(to: a) == nil)
        #expect(empty.remainingDistance(from: a) == nil)

        let single = [a]
        #expect(single.length == 0)
        #expect(single.cumulativeDistances == [0])
        #expect(single.point(atDistance: 10) == a)
        let projection = single.closestPoint(to: b)
        #expect(projection?.point == a)
        #expect(projection?.segmentIndex == 0)
        #expect(projection?.fraction == 0)
        #expect(projection?.distanceAlongPath == 0)
        #expect(isClose(projection?.distanceFromPath ?? -1, Geo.distance(a, b), within: 1e-9))
        #expect(single.remainingDistance(from: b) == 0)
    }

    @Test func pointAtDistance() {
        #expect(path.point(atDistance: -5) == a)
        #expect(path.point(atDistance: .nan) == a)
        #expect(path.point(atDistance: 0) == a)
        #expect(path.point(atDistance: 1e9) == c)
        #expect(path.point(atDistance: .infinity) == c)
        let onFirstLeg = path.point(atDistance: leg1 / 2)!
        #expect(isClose(onFirstLeg.longitude, 7.425, within: 1e-5))
        let atCorner = path.point(atDistance: path.cumulativeDistances[1])!
        #expect(Geo.distance(atCorner, b) < 1e-6)
        let onSecondLeg = path.point(atDistance: leg1 + 500)!
        #expect(isClose(Geo.distance(b, onSecondLeg), 500, within: 0.01))
        #expect(isClose(onSecondLeg.longitude, 7.43, within: 1e-9))
    }

    @Test func pointAtDistanceSkipsZeroLengthSegments() {
        let repeated = [a, a, b, b, c]
        let p = repeated.point(atDistance: leg1 + 100)!
        #expect(isClose(Geo.distance(b, p), 100, within: 0.01))
    }

    @Test func closestPointMidSegment() throws {
        let p = LatLng(latitude: 43.729, longitude: 7.425)  // ≈ 111 m south of the first leg
        let projection = try #require(path.closestPoint(to: p))
        #expect(projection.segmentIndex == 0)
        #expect(isClose(projection.fraction, 0.5, within: 1e-4))
        #expect(isClose(projection.point.latitude, 43.73, within: 1e-6))
        #expect(isClose(projection.point.longitude, 7.425, within: 1e-6))
        #expect(isClose(projection.distanceFromPath, 111.2, within: 0.1))
        #expect(isClose(projection.distanceAlongPath, leg1 / 2, within: 0.1))
        let remaining = try #require(path.remainingDistance(from: p))
        #expect(isClose(remaining, leg1 / 2 + leg2, within: 0.1))
    }

    @Test func closestPointOnSecondLeg() throws {
        let p = LatLng(latitude: 43.735, longitude: 7.431)  // east of the second leg
        let projection = try #require(path.closestPoint(to: p))
        #expect(projection.segmentIndex == 1)
        #expect(isClose(projection.fraction, 0.5, within: 1e-4))
        #expect(isClose(projection.distanceFromPath, 80.4, within: 0.1))
        #expect(isClose(projection.distanceAlongPath, leg1 + leg2 / 2, within: 0.1))
        #expect(isClose(path.remainingDistance(from: p)!, leg2 / 2, within: 0.1))
        let along = try #require(path.point(atDistance: projection.distanceAlongPath))
        #expect(Geo.distance(along, projection.point) < 1e-3)
    }

    @Test func closestPointBeforeTheStart() throws {
        let p = LatLng(latitude: 43.7295, longitude: 7.41)
        let projection = try #require(path.closestPoint(to: p))
        #expect(projection.point == a)
        #expect(projection.segmentIndex == 0)
        #expect(projection.fraction == 0)
        #expect(projection.distanceAlongPath == 0)
        #expect(isClose(projection.distanceFromPath, Geo.distance(p, a), within: 1e-9))
        #expect(isClose(path.remainingDistance(from: p)!, path.length, within: 1e-9))
    }

    @Test func closestPointAfterTheEnd() throws {
        let p = LatLng(latitude: 43.75, longitude: 7.4302)
        let projection = try #require(path.closestPoint(to: p))
        #expect(projection.point == c)
        #expect(projection.segmentIndex == 1)
        #expect(projection.fraction == 1)
        #expect(isClose(projection.distanceAlongPath, path.length, within: 1e-9))
        #expect(path.remainingDistance(from: p) == 0)
    }

    @Test func closestPointOnAVertex() throws {
        let projection = try #require(path.closestPoint(to: b))
        #expect(projection.point == b)
        #expect(projection.distanceFromPath == 0)
        // Ties go to the earlier segment: the corner is the end of the first leg.
        #expect(projection.segmentIndex == 0)
        #expect(projection.fraction == 1)
        #expect(isClose(projection.distanceAlongPath, path.cumulativeDistances[1], within: 1e-9))
        #expect(isClose(path.remainingDistance(from: b)!, leg2, within: 0.01))
    }

    @Test func closestPointOutsideTheCorner() throws {
        // South-east of the corner: both legs clamp to the corner.
        let p = LatLng(latitude: 43.729, longitude: 7.431)
        let projection = try #require(path.closestPoint(to: p))
        #expect(projection.point == b)
        #expect(isClose(projection.distanceAlongPath, path.cumulativeDistances[1], within: 1e-9))
    }

    @Test func segmentAcrossTheAntimeridian() throws {
        let west = LatLng(latitude: 0, longitude: 179.5)
        let east = LatLng(latitude: 0, longitude: -179.5)
        let crossing = [west, east]
        #expect(isClose(crossing.length, 111_195, within: 1))
        let p = LatLng(latitude: 0.01, longitude: 180)
        let projection = try #require(crossing.closestPoint(to: p))
        #expect(isClose(projection.fraction, 0.5, within: 1e-6))
        #expect(isClose(abs(projection.point.longitude), 180, within: 1e-6))
        #expect(isClose(projection.point.latitude, 0, within: 1e-9))
        #expect(isClose(projection.distanceFromPath, 1_112, within: 1))
        #expect(isClose(projection.distanceAlongPath, crossing.length / 2, within: 0.5))
        let beyond = try #require(crossing.closestPoint(to: LatLng(latitude: 0, longitude: -179.6)))
        #expect(isClose(beyond.fraction, 0.9, within: 1e-6))
    }
}
