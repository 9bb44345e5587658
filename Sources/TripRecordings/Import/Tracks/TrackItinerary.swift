import FleetModel
import TrackFormats

/// Where a track's trip stops and when the track gets there: the pickup, the intermediate destinations in the order
/// the track passes them, and the dropoff, each with the points at which the vehicle arrives and leaves.
///
/// - Pickup and dropoff are the waypoints named (or typed) `pickup`/`dropoff`, else the first and last track points.
/// - Other named waypoints are intermediate destinations when the point of the track closest to them lies after the
///   vehicle leaves the pickup and before it reaches the dropoff; they are ordered by that point.
/// - The vehicle *arrives* at a stop at the first point within ``arrivalRadius`` of it (searching after it left the
///   previous stop) and *leaves* after the last point of that unbroken run. The dropoff is the exception: a track
///   may pass the dropoff before it ends there, so the *last* such run counts.
/// - A pickup or intermediate stop the track never comes that close to is taken to happen at the point of closest
///   approach (with a note), so a slightly misplaced waypoint still gives a trip that goes through every status.
///   A dropoff is reached only within the arrival radius, or at the last point when that is within
///   ``completionRadius``; otherwise the trip never gets there and has no dropoff time.
struct TrackItinerary: Sendable, Equatable {
    /// A trip is at a stop while within this many metres of it.
    static let arrivalRadius = 30.0
    /// The trip is complete when its last point is within this many metres of the dropoff.
    static let completionRadius = 50.0

    var pickup: Stop
    var intermediates: [Stop]
    var dropoff: Stop
    /// How the stops were chosen, when that needs saying (a waypoint was ignored, a stop was never reached…).
    var notes: [String]
    /// Whether the last point is close enough to the dropoff for the trip to end COMPLETE.
    var endsAtDropoff: Bool
    let lastIndex: Int

    /// Pickup, intermediate destinations, dropoff.
    var stops: [Stop] { [pickup] + intermediates + [dropoff] }

    struct Stop: Sendable, Equatable {
        var kind: Kind
        var location: LatLng
        /// The point at which the vehicle gets there (the closest approach when it never does).
        var arrival: Int
        /// The last point before the vehicle leaves.
        var departure: Int
        /// Whether the track really came within the arrival (or, for the dropoff, completion) radius.
        var reached: Bool

        enum Kind: Sendable, Equatable {
            case pickup
            /// The index into the trip's intermediate destinations.
            case intermediate(Int)
            case dropoff
        }
    }

    /// What the trip is doing at a point.
    enum Phase: Sendable, Equatable {
        /// On the way to `stops[index]`.
        case enroute(Int)
        /// Waiting at `stops[index]`.
        case at(Int)
        case complete

        /// The stop the trip is heading to or waiting at.
        var stopIndex: Int? {
            switch self {
            case .enroute(let index), .at(let index): index
            case .complete: nil
            }
        }
    }

    /// Nil for an empty track.
    init?(points: [TrackPoint], waypoints: [TrackWaypoint]) {
        guard let firstPoint = points.first, let lastPoint = points.last else { return nil }
        lastIndex = points.count - 1
        var notes: [String] = []
        let pickups = waypoints.filter { $0.role == .pickup }
        let dropoffs = waypoints.filter { $0.role == .dropoff }
        if pickups.count > 1 { notes.append("\(pickups.count) waypoints name the pickup; using the first") }
        if dropoffs.count > 1 { notes.append("\(dropoffs.count) waypoints name the dropoff; using the first") }
        if pickups.isEmpty {
            notes.append("no waypoint named pickup: the trip starts at the pickup, the first track point")
        }
        if dropoffs.isEmpty {
            notes.append("no waypoint named dropoff: the trip ends at the dropoff, the last track point")
        }

        let pickupLocation = pickups.first?.location ?? firstPoint.location
        let dropoffLocation = dropoffs.first?.location ?? lastPoint.location
        let last = lastIndex

        let pickupDistances = Self.distances(points, to: pickupLocation)
        let pickupVisit = Self.firstVisit(pickupDistances, in: 0...last)
        pickup = Stop(
            kind: .pickup, location: pickupLocation, arrival: pickupVisit.arrival, departure: pickupVisit.departure,
            reached: pickupVisit.reached)
        if !pickupVisit.reached {
            notes.append(
                "the track never comes within \(Int(Self.arrivalRadius)) m of the pickup; it is taken to happen at the closest point, \(Self.meters(pickupDistances[pickupVisit.arrival])) away at \(points[pickupVisit.arrival].time)"
            )
        }

        let dropoffDistances = Self.distances(points, to: dropoffLocation)
        let dropoffVisit = Self.lastVisit(dropoffDistances, in: min(pickup.departure + 1, last)...last)
        dropoff = Stop(
            kind: .dropoff, location: dropoffLocation, arrival: dropoffVisit.arrival, departure: dropoffVisit.departure,
            reached: dropoffVisit.reached)
        endsAtDropoff = dropoffDistances[last] <= Self.completionRadius
        if !endsAtDropoff {
            notes.append(
                "the track ends \(Self.meters(dropoffDistances[last])) from the dropoff, so the trip never completes")
        }

        // Named waypoints between pickup and dropoff, in the order the track passes them.
        var candidates: [(closest: Int, order: Int, waypoint: TrackWaypoint)] = []
        for (order, waypoint) in waypoints.enumerated() where waypoint.role == .stop && !waypoint.name.isEmpty {
            let distances = Self.distances(points, to: waypoint.location)
            guard let closest = distances.indices.min(by: { distances[$0] < distances[$1] }) else { continue }
            if closest > pickup.departure && closest < dropoff.arrival {
                candidates.append((closest, order, waypoint))
            } else {
                notes.append(
                    "waypoint \"\(waypoint.name)\" is not between the pickup and the dropoff along the track; ignored")
            }
        }
        candidates.sort { ($0.closest, $0.order) < ($1.closest, $1.order) }

        var intermediates: [Stop] = []
        var from = pickup.departure + 1
        let limit = dropoff.arrival - 1
        for (index, candidate) in candidates.enumerated() {
            let low = max(0, min(from, limit)), distances = Self.distances(points, to: candidate.waypoint.location)
            let visit = Self.firstVisit(distances, in: low...max(low, limit))
            intermediates.append(
                Stop(
                    kind: .intermediate(index), location: candidate.waypoint.location, arrival: visit.arrival,
                    departure: visit.departure, reached: visit.reached))
            if !visit.reached {
                notes.append(
                    "the track never comes within \(Int(Self.arrivalRadius)) m of \"\(candidate.waypoint.name)\"; the stop is taken to happen at the closest point, \(Self.meters(distances[visit.arrival])) away at \(points[visit.arrival].time)"
                )
            }
            from = visit.departure + 1
        }
        self.intermediates = intermediates
        self.notes = notes
    }

    /// What the trip is doing at point `i`: waiting at the first stop it has not left, or on its way there; after
    /// the last stop before the dropoff, on its way to the dropoff, and complete at the last point when that is close
    /// enough to the dropoff.
    func phase(at i: Int) -> Phase {
        for (index, stop) in ([pickup] + intermediates).enumerated() where i <= stop.departure {
            return i >= stop.arrival ? .at(index) : .enroute(index)
        }
        return i == lastIndex && endsAtDropoff ? .complete : .enroute(intermediates.count + 1)
    }

    // MARK: - Finding visits

    private struct Visit {
        var arrival: Int
        var departure: Int
        var reached: Bool
    }

    /// The first unbroken run of points within the arrival radius, else the closest point (the first of equals).
    private static func firstVisit(_ distances: [Double], in range: ClosedRange<Int>) -> Visit {
        if let arrival = range.first(where: { distances[$0] <= arrivalRadius }) {
            var departure = arrival
            while departure < range.upperBound && distances[departure + 1] <= arrivalRadius { departure += 1 }
            return Visit(arrival: arrival, departure: departure, reached: true)
        }
        let closest = range.min { distances[$0] < distances[$1] } ?? range.lowerBound
        return Visit(arrival: closest, departure: closest, reached: false)
    }

    /// The last unbroken run of points within the arrival radius; else the last point when it is within the
    /// completion radius; else the closest point (the last of equals), not reached.
    private static func lastVisit(_ distances: [Double], in range: ClosedRange<Int>) -> Visit {
        if let departure = range.reversed().first(where: { distances[$0] <= arrivalRadius }) {
            var arrival = departure
            while arrival > range.lowerBound && distances[arrival - 1] <= arrivalRadius { arrival -= 1 }
            return Visit(arrival: arrival, departure: departure, reached: true)
        }
        if distances[range.upperBound] <= completionRadius {
            return Visit(arrival: range.upperBound, departure: range.upperBound, reached: true)
        }
        let closest = range.reversed().min { distances[$0] < distances[$1] } ?? range.upperBound
        return Visit(arrival: closest, departure: closest, reached: false)
    }

    private static func distances(_ points: [TrackPoint], to location: LatLng) -> [Double] {
        points.map { Geo.distance($0.location, location) }
    }

    private static func meters(_ distance: Double) -> String { "\(Int(distance.rounded())) m" }
}

extension TrackItinerary.Stop.Kind {
    var waypointType: WaypointType {
        switch self {
        case .pickup: .pickupWaypointType
        case .intermediate: .intermediateDestinationWaypointType
        case .dropoff: .dropOffWaypointType
        }
    }
}
