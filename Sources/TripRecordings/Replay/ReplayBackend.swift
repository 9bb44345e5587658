import FleetModel
import TripFollowing

/// A ``TripBackend`` that answers from a recording: each fetch returns the trip as it was at the replay clock's
/// current time, or throws the failure recorded then — so a replay drives the same ``TripModel`` and subscribers
/// as a live trip, failures included.
///
/// With `interpolate` on, the vehicle moves smoothly between two recorded fixes: along the active route when the
/// earlier snapshot has one that both fixes lie on, in a straight line otherwise.
public final class ReplayBackend: TripBackend {
    public let recording: TripRecording
    public let clock: VirtualClock
    public let interpolate: Bool
    /// Event times, ascending (parallel to `recording.events`).
    public let timeline: ReplayTimeline
    public var eventTimes: [ProtoTimestamp] { timeline.times }
    private let routes: [[LatLng]]

    public init(recording: TripRecording, clock: VirtualClock, interpolate: Bool = true) {
        var sorted = recording
        sorted.sortEvents()
        self.recording = sorted
        self.clock = clock
        self.interpolate = interpolate
        self.timeline = ReplayTimeline(sorted.events.map(\.time))
        self.routes = sorted.events.map { event in
            guard case .snapshot(let trip) = event.kind else { return [] }
            return JourneySharingState(trip: trip).activeRoute
        }
    }

    public var displayName: String { "replay \(recording.source)" }

    /// First and last event times.
    public var start: ProtoTimestamp? { timeline.start }
    public var end: ProtoTimestamp? { timeline.end }

    public func fetchTrip(_ name: TripName) async throws -> TripSnapshot {
        guard name == recording.tripName else {
            throw TripServiceError(code: .notFound, message: "the recording holds \(recording.tripName), not \(name)")
        }
        let now = clock.timestamp
        return try state(at: now)
    }

    /// The trip as it was at `time`: the last event at or before it (the first event before the recording starts).
    public func state(at time: ProtoTimestamp) throws -> TripSnapshot {
        guard !eventTimes.isEmpty else {
            throw TripServiceError(code: .notFound, message: "the recording has no events")
        }
        let last = max(0, lastIndex(atOrBefore: time) ?? 0)
        if case .failure(let error) = recording.events[last].kind { throw error }
        guard
            let index = (0...last).reversed().first(where: { recording.events[$0].isSnapshot })
                ?? recording.events.indices.first(where: { recording.events[$0].isSnapshot }),
            case .snapshot(var trip) = recording.events[index].kind
        else { throw TripServiceError(code: .notFound, message: "the recording has no trip snapshots") }
        if interpolate, time > eventTimes[index], let next = nextSnapshotIndex(after: index),
            case .snapshot(let nextTrip) = recording.events[next].kind,
            let location = interpolatedLocation(
                from: trip, to: nextTrip, route: routes[index], t0: eventTimes[index], t1: eventTimes[next], at: time)
        {
            trip.lastLocation = location
            return TripSnapshot(trip: trip, observedAt: time)
        }
        // A recorded state was observed when it was recorded, whatever the replay clock reads now.
        return TripSnapshot(trip: trip, observedAt: eventTimes[index])
    }

    /// The index of the last event at or before `time`.
    public func lastIndex(atOrBefore time: ProtoTimestamp) -> Int? { timeline.lastIndex(atOrBefore: time) }

    /// The first event time strictly after `time`.
    public func nextEventTime(after time: ProtoTimestamp) -> ProtoTimestamp? { timeline.next(after: time) }

    /// The last event time strictly before `time`.
    public func previousEventTime(before time: ProtoTimestamp) -> ProtoTimestamp? { timeline.previous(before: time) }

    private func nextSnapshotIndex(after index: Int) -> Int? {
        recording.events.indices.dropFirst(index + 1).first { recording.events[$0].isSnapshot }
    }

    private func interpolatedLocation(
        from a: Trip, to b: Trip, route: [LatLng], t0: ProtoTimestamp, t1: ProtoTimestamp, at time: ProtoTimestamp
    ) -> VehicleLocation? {
        guard var location = a.lastLocation, let p0 = location.location, let p1 = b.lastLocation?.location, t1 > t0
        else { return nil }
        let fraction = min(1, max(0, (time - t0) / (t1 - t0)))
        if let along = Self.alongRoute(route, from: p0, to: p1, fraction: fraction) {
            location.location = along.point
            location.heading = along.heading
        } else {
            location.location = Geo.interpolate(p0, p1, fraction: fraction)
            if let h0 = a.lastLocation?.heading, let h1 = b.lastLocation?.heading {
                let delta = (Double(h1 - h0) + 540).truncatingRemainder(dividingBy: 360) - 180
                location.heading =
                    Int32((Double(h0) + delta * fraction + 360).truncatingRemainder(dividingBy: 360).rounded()) % 360
            }
        }
        if let u0 = a.lastLocation?.updateTime, let u1 = b.lastLocation?.updateTime, u1 > u0 {
            location.updateTime = u0 + (u1 - u0) * fraction
        }
        return location
    }

    /// A point `fraction` of the way from `p0` to `p1` measured along `route`, when both lie within 30 m of it and
    /// `p1` is ahead of `p0`; nil otherwise.
    static func alongRoute(
        _ route: [LatLng], from p0: LatLng, to p1: LatLng, fraction: Double
    ) -> (point: LatLng, heading: Int32)? {
        guard route.count >= 2, let a = route.closestPoint(to: p0), let b = route.closestPoint(to: p1),
            a.distanceFromPath <= 30, b.distanceFromPath <= 30, b.distanceAlongPath > a.distanceAlongPath
        else { return nil }
        let distance = a.distanceAlongPath + (b.distanceAlongPath - a.distanceAlongPath) * fraction
        guard let point = route.point(atDistance: distance), let ahead = route.point(atDistance: distance + 1) else {
            return nil
        }
        let heading = Int32(Geo.bearing(from: point, to: ahead).rounded()) % 360
        return (point, heading)
    }
}

extension TripEvent {
    var isSnapshot: Bool {
        if case .snapshot = kind { return true }
        return false
    }
}
