import FleetModel
import NIOConcurrencyHelpers
import RoadMap

/// Driving distance and time between two points: A* on the road graph when both points lie within
/// ``snapMeters`` of a road and a route joins them, else the straight line at ``straightLineKmh``.
struct TravelEstimator: Sendable {
    /// The speed of straight-line estimates, as the server's trip ETAs use (docs/server.md).
    static let straightLineKmh = 30.0
    /// A point farther than this from every road is off the map.
    static let snapMeters = 100.0

    struct Leg: Sendable {
        var meters: Double
        var seconds: Double
        /// Whether the road graph gave it (else it is a straight-line estimate).
        var onRoads: Bool
        /// The way driven: the ends and the road points between, or the straight line.
        var path: [LatLng]
    }

    let roads: RoadGraph?
    /// Legs already driven, shared by every request of a server: a van's stops are asked for by each of its
    /// shipments' consumers and by every list, and each leg on the road map is an A* search.
    var memo: LegMemo? = nil

    func leg(from a: LatLng, to b: LatLng) -> Leg {
        if let memo {
            if let known = memo[a, b] { return known }
            let leg = drive(from: a, to: b)
            memo[a, b] = leg
            return leg
        }
        return drive(from: a, to: b)
    }

    private func drive(from a: LatLng, to b: LatLng) -> Leg {
        if let roads, let start = roads.nearest(to: a), start.distanceMeters <= Self.snapMeters,
            let end = roads.nearest(to: b), end.distanceMeters <= Self.snapMeters,
            let route = roads.route(from: start, to: end)
        {
            // As Fleet Engine counts it: the driven route plus the short straight ends onto and off the roads.
            let ends = start.distanceMeters + end.distanceMeters
            return Leg(
                meters: route.lengthMeters + ends, seconds: route.durationSeconds + ends / Self.metresPerSecond,
                onRoads: true, path: [a] + route.points + [b])
        }
        let meters = Geo.distance(a, b)
        return Leg(meters: meters, seconds: meters / Self.metresPerSecond, onRoads: false, path: [a, b])
    }

    static var metresPerSecond: Double { straightLineKmh / 3.6 }
}

/// The legs a server has estimated, by their two ends: bounded (past ``capacity`` it starts over, as the answer cache
/// does), shared by concurrent requests behind a lock.
final class LegMemo: Sendable {
    static let capacity = 100_000

    private struct Ends: Hashable {
        var a: LatLng
        var b: LatLng
    }

    private let legs = NIOLockedValueBox<[Ends: TravelEstimator.Leg]>([:])

    /// Legs held now.
    var count: Int { legs.withLockedValue { $0.count } }

    subscript(a: LatLng, b: LatLng) -> TravelEstimator.Leg? {
        get { legs.withLockedValue { $0[Ends(a: a, b: b)] } }
        set {
            legs.withLockedValue { legs in
                if legs.count >= Self.capacity { legs.removeAll(keepingCapacity: true) }
                legs[Ends(a: a, b: b)] = newValue
            }
        }
    }
}
