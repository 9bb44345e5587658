import FleetModel
import Foundation

/// A named area whose entries and exits are events: a circle, a polygon or a corridor along a line.
///
/// Coordinates are latitude then longitude, as Traccar's WKT has them (`CIRCLE (43.7384 7.4246, 150)`), not OGC's
/// x = longitude first; ``init(parsing:)`` reads that text.
public struct Geofence: Hashable, Sendable {
    public enum Shape: Hashable, Sendable {
        /// Inside when the great-circle distance to the centre is at most the radius.
        case circle(center: LatLng, radiusMeters: Double)
        /// One ring, no holes, not crossing itself (closing vertex left out); inside by the even-odd rule on the
        /// latitude/longitude plane.
        case polygon([LatLng])
        /// Inside when within `halfWidthMeters` of one of the line's segments.
        case corridor([LatLng], halfWidthMeters: Double)
    }

    public var name: String
    public var shape: Shape

    public init(name: String, shape: Shape) {
        self.name = name
        self.shape = shape
    }

    /// `NAME=WKT`, as `serve --geofence` takes it.
    public init(parsing definition: String) throws(GeofenceError) {
        guard let equals = definition.firstIndex(of: "=") else {
            throw GeofenceError("\"\(definition)\" is not NAME=WKT")
        }
        try self.init(
            name: definition[..<equals].trimmingCharacters(in: .whitespaces),
            wkt: String(definition[definition.index(after: equals)...]))
    }

    /// A fence named `name` (letters, digits, '-', '_' or '.') whose area is `wkt`, as `serve --geofence` and the
    /// events file's `[geofences]` give them.
    public init(name: String, wkt: String) throws(GeofenceError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw GeofenceError("\"\(name)\": a geofence's name is letters, digits, '-', '_' or '.'")
        }
        do { self.init(name: name, shape: try WKTReader.shape(wkt)) } catch {
            throw GeofenceError("\(name): \(error.message)")
        }
    }

    /// The fences a move from `from` (nil: nowhere yet, outside every fence) to `to` left and came into, each in
    /// the order of `fences` — Traccar's rule: the set containing the point before against the set after, with no
    /// dwell time or hysteresis. The live server's events and `check --geofence` both decide by it.
    public static func crossings(
        from: LatLng?, to: LatLng, of fences: [Geofence]
    ) -> (exited: [Geofence], entered: [Geofence]) {
        let wasIn = fences.map { fence in from.map(fence.contains) ?? false }
        let isIn = fences.map { $0.contains(to) }
        return (
            fences.indices.filter { wasIn[$0] && !isIn[$0] }.map { fences[$0] },
            fences.indices.filter { isIn[$0] && !wasIn[$0] }.map { fences[$0] }
        )
    }

    /// Whether `point` is inside.
    public func contains(_ point: LatLng) -> Bool {
        switch shape {
        case .circle(let center, let radius):
            return Geo.distance(center, point) <= radius
        case .polygon(let ring):
            var inside = false
            var j = ring.count - 1
            for i in ring.indices {
                let (a, b) = (ring[i], ring[j])
                if (a.longitude > point.longitude) != (b.longitude > point.longitude) {
                    let crossing =
                        a.latitude + (point.longitude - a.longitude) / (b.longitude - a.longitude)
                        * (b.latitude - a.latitude)
                    if point.latitude < crossing { inside.toggle() }
                }
                j = i
            }
            return inside
        case .corridor(let line, let halfWidth):
            if line.count == 1 { return Geo.distance(line[0], point) <= halfWidth }
            return zip(line, line.dropFirst()).contains { Self.distance(from: point, toSegment: $0, $1) <= halfWidth }
        }
    }

    /// Metres from `p` to the segment `a`–`b`, on a plane tangent at `p` (ample at a corridor's scale).
    static func distance(from p: LatLng, toSegment a: LatLng, _ b: LatLng) -> Double {
        let metersPerDegree = Geo.earthRadiusMeters * Double.pi / 180
        let scale = cos(p.latitude * Double.pi / 180)
        func plane(_ q: LatLng) -> (x: Double, y: Double) {
            ((q.longitude - p.longitude) * scale * metersPerDegree, (q.latitude - p.latitude) * metersPerDegree)
        }
        let (u, v) = (plane(a), plane(b))
        let (dx, dy) = (v.x - u.x, v.y - u.y)
        let length2 = dx * dx + dy * dy
        let t = length2 == 0 ? 0 : max(0, min(1, -(u.x * dx + u.y * dy) / length2))
        let (x, y) = (u.x + t * dx, u.y + t * dy)
        return (x * x + y * y).squareRoot()
    }
}

/// Why a geofence definition was refused, in a sentence.
public struct GeofenceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
