import FleetModel
import Foundation

/// One vehicle's drive to its rider's pickup: a staircase of 20 city-block legs (about 5 km) with a vertex every
/// 30 m, as a navigation route follows its roads, the same for every run of vehicle `index`. What it reports at a
/// moment is what the Driver SDK reports on its way: where it is, and the S2 segment from there to the pickup (about
/// 160 points at first) with the distance left.
struct CityRoute: Sendable {
    /// 30 km/h, the speed `tripterm serve` assumes for legs without a reported route.
    static let speedMetersPerSecond = 30.0 / 3.6
    /// The city's south-west corner and size: 10 km × 10 km around Monaco, wherever the sea is.
    static let origin = LatLng(latitude: 43.69, longitude: 7.36)
    static let sizeMeters = 10_000.0
    static let blockMeters = 120.0
    static let vertexMeters = 30.0

    /// The route's points, from the start to the pickup.
    let points: [LatLng]
    /// Distance from the start to each point, in meters.
    let distances: [Double]
    /// Where the rider waits (the route's end) and where they go.
    let pickup: LatLng
    let dropoff: LatLng

    init(index: Int) {
        var random = SplitMix64(seed: UInt64(index))
        let start = Geo.destination(
            from: Geo.destination(from: Self.origin, bearing: 0, distance: random.unit() * Self.sizeMeters),
            bearing: 90, distance: random.unit() * Self.sizeMeters)
        var points = [start]
        var distances = [0.0]
        // North–south and east–west legs of 1–3 blocks in turn, towards a pickup to the north-east or south-west.
        let northEast = random.unit() < 0.5
        for leg in 0..<20 {
            let bearing = leg % 2 == 0 ? (northEast ? 0.0 : 180.0) : (northEast ? 90.0 : 270.0)
            let steps = Int(1 + random.next() % 3) * Int(Self.blockMeters / Self.vertexMeters)
            for _ in 0..<steps {
                points.append(
                    Geo.destination(from: points[points.count - 1], bearing: bearing, distance: Self.vertexMeters))
                distances.append(distances[distances.count - 1] + Self.vertexMeters)
            }
        }
        self.points = points
        self.distances = distances
        pickup = points[points.count - 1]
        dropoff = Geo.destination(from: pickup, bearing: northEast ? 45 : 225, distance: 2_000)
    }

    /// The vehicle `seconds` after it set off: where it is, its heading, the route left (from there to the pickup)
    /// and its length. It waits at the pickup once there.
    func position(after seconds: Double) -> (here: LatLng, heading: Double, remaining: [LatLng], meters: Double) {
        let total = distances[distances.count - 1]
        let travelled = min(total, max(0, seconds * Self.speedMetersPerSecond))
        // The stretch being driven: from the last point passed.
        var leg = 0
        while leg + 2 < distances.count, distances[leg + 1] <= travelled { leg += 1 }
        let from = points[leg]
        let to = points[leg + 1]
        let legLength = distances[leg + 1] - distances[leg]
        let fraction = legLength > 0 ? min(1, (travelled - distances[leg]) / legLength) : 1
        let here = Geo.interpolate(from, to, fraction: fraction)
        return (here, Geo.bearing(from: from, to: to), [here] + points[(leg + 1)...], total - travelled)
    }
}

/// A small deterministic generator, so that every run builds the same city.
struct SplitMix64: Sendable {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
