import FleetModel

/// A latitude/longitude rectangle, such as the part of the map in view. Does not wrap across the antimeridian.
public struct GeoBox: Hashable, Sendable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// The smallest box holding all `points`, or nil when there are none.
    public init?<Points: Sequence<LatLng>>(covering points: Points) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        self.init(
            minLatitude: first.latitude, minLongitude: first.longitude, maxLatitude: first.latitude,
            maxLongitude: first.longitude)
        while let point = iterator.next() { include(point) }
    }

    /// Grows the box to hold `point`.
    public mutating func include(_ point: LatLng) {
        minLatitude = min(minLatitude, point.latitude)
        maxLatitude = max(maxLatitude, point.latitude)
        minLongitude = min(minLongitude, point.longitude)
        maxLongitude = max(maxLongitude, point.longitude)
    }

    public func contains(_ point: LatLng) -> Bool {
        (minLatitude...maxLatitude).contains(point.latitude) && (minLongitude...maxLongitude).contains(point.longitude)
    }

    public func intersects(_ other: GeoBox) -> Bool {
        minLatitude <= other.maxLatitude && other.minLatitude <= maxLatitude
            && minLongitude <= other.maxLongitude && other.minLongitude <= maxLongitude
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang–Barsky clipping in degrees).
    public func intersectsSegment(_ a: LatLng, _ b: LatLng) -> Bool {
        if contains(a) || contains(b) { return true }
        let dx = b.longitude - a.longitude, dy = b.latitude - a.latitude
        var low = 0.0, high = 1.0
        let edges: [(p: Double, q: Double)] = [
            (-dx, a.longitude - minLongitude), (dx, maxLongitude - a.longitude),
            (-dy, a.latitude - minLatitude), (dy, maxLatitude - a.latitude),
        ]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return false }
            }
        }
        return true
    }
}
