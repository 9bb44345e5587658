// swift-format-ignore-file: IdentifiersMustBeASCII

// The formulas keep their textbook names (φ latitude, λ longitude, δ angular distance, θ bearing).
import Foundation

/// Path measurements on a polyline given as its vertices in order (e.g. a decoded route).
///
/// Segment lengths are great-circle (haversine) distances and points between vertices lie on
/// the great circle, so `point(atDistance: closestPoint(to: p)!.distanceAlongPath)` is the
/// projected point. Segments crossing the antimeridian take the short way round.
/// Every member is O(n) in the number of vertices; cache results for hot paths.
extension Array where Element == LatLng {
    /// Total length of the path in metres; 0 for an empty or one-point path.
    public var length: Double {
        guard count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<count { total += Geo.distance(self[i - 1], self[i]) }
        return total
    }

    /// Distance in metres from the first vertex to each vertex: `[0, d1, d1 + d2, …]`,
    /// with one entry per vertex (empty for an empty path).
    public var cumulativeDistances: [Double] {
        var result: [Double] = []
        result.reserveCapacity(count)
        var total = 0.0
        for i in indices {
            if i > 0 { total += Geo.distance(self[i - 1], self[i]) }
            result.append(total)
        }
        return result
    }

    /// The point `distance` metres along the path from its first vertex, clamped to the ends
    /// (negative or NaN → first vertex, beyond `length` → last vertex). `nil` for an empty path.
    public func point(atDistance distance: Double) -> LatLng? {
        guard let first, let last else { return nil }
        let cumulative = cumulativeDistances
        guard distance > 0 else { return first }  // also catches NaN
        guard distance < cumulative[cumulative.count - 1] else { return last }
        // First vertex strictly beyond `distance`; the point lies on the segment ending there.
        var low = 1, high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] > distance { high = mid } else { low = mid + 1 }
        }
        let start = cumulative[low - 1], segment = cumulative[low] - start
        return Geo.interpolate(self[low - 1], self[low], fraction: (distance - start) / segment)
    }

    /// The point of the path nearest to `p`, or `nil` for an empty path.
    ///
    /// Each segment is projected in a local equirectangular frame centred on `p` (accurate for
    /// city-scale segments); the candidates are compared by haversine distance, and ties go to
    /// the earlier segment (so a vertex is reported as the end of the segment before it).
    /// A one-point path projects onto that point.
    public func closestPoint(to p: LatLng) -> PolylineProjection? {
        guard let first else { return nil }
        var best = PolylineProjection(
            point: first, segmentIndex: 0, fraction: 0,
            distanceFromPath: Geo.distance(p, first), distanceAlongPath: 0
        )
        guard count > 1 else { return best }
        let frame = LocalFrame(origin: p)
        var along = 0.0
        for i in 0..<(count - 1) {
            let a = self[i], b = self[i + 1]
            let segmentLength = Geo.distance(a, b)
            let t = frame.fractionOfClosestApproach(a, b)
            let point = Geo.interpolate(a, b, fraction: t)
            let distance = Geo.distance(p, point)
            if i == 0 || distance < best.distanceFromPath {
                best = PolylineProjection(
                    point: point, segmentIndex: i, fraction: t,
                    distanceFromPath: distance, distanceAlongPath: along + t * segmentLength
                )
            }
            along += segmentLength
        }
        return best
    }

    /// Path length still ahead of the position nearest to `p` (`length` minus the projection's
    /// `distanceAlongPath`), in metres; `nil` for an empty path.
    public func remainingDistance(from p: LatLng) -> Double? {
        guard let projection = closestPoint(to: p) else { return nil }
        return Swift.max(0, length - projection.distanceAlongPath)
    }
}

/// An equirectangular projection in metres centred on `origin`: x east, y north.
private struct LocalFrame {
    let origin: LatLng
    let xScale: Double
    let yScale: Double

    init(origin: LatLng) {
        self.origin = origin
        let metresPerDegree = Geo.earthRadiusMeters * .pi / 180
        yScale = metresPerDegree
        xScale = metresPerDegree * cos(Geo.radians(origin.latitude))
    }

    func project(_ q: LatLng) -> (x: Double, y: Double) {
        let Δλ = Geo.normalizedLongitude(q.longitude - origin.longitude)
        return (Δλ * xScale, (q.latitude - origin.latitude) * yScale)
    }

    /// Fraction along `a → b` (clamped to 0…1) of the point nearest the origin.
    func fractionOfClosestApproach(_ a: LatLng, _ b: LatLng) -> Double {
        let pa = project(a), pb = project(b)
        let dx = pb.x - pa.x, dy = pb.y - pa.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return 0 }
        let t = -(pa.x * dx + pa.y * dy) / lengthSquared
        return Swift.min(1, Swift.max(0, t))
    }
}
