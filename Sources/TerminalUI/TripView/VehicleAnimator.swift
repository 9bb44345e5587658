import FleetModel

/// Moves the drawn vehicle smoothly from where it was shown to each new fix, along the active route when both
/// lie on it (a car follows the road, not the chord), straight otherwise. The event loop draws at up to 10 frames
/// a second while ``isAnimating(at:)`` and not at all once the vehicle has arrived.
struct VehicleAnimator {
    /// How long a move to a new fix takes on screen. Shorter than any poll interval, so the car never lags a
    /// whole update behind.
    var moveDuration: Duration = .milliseconds(800)
    /// How far a fix may lie from the route and still be animated along it.
    var onRouteTolerance = 30.0

    private var from: LatLng?
    private var to: LatLng?
    private var path: [LatLng] = []
    private var startedAt: ContinuousClock.Instant?

    /// A new fix arrived at `now`. Jumps (teleports beyond 2 km, e.g. a replay seek) are not animated.
    mutating func moveTo(_ target: LatLng, along route: [LatLng], at now: ContinuousClock.Instant) {
        guard target != to else { return }
        let current = position(at: now)
        to = target
        guard let current, Geo.distance(current, target) < 2_000 else {
            from = target
            path = []
            startedAt = nil
            return
        }
        from = current
        path = Self.subpath(of: route, from: current, to: target, tolerance: onRouteTolerance) ?? [current, target]
        startedAt = now
    }

    /// Forgets the vehicle (trip reset).
    mutating func reset() { self = VehicleAnimator(moveDuration: moveDuration, onRouteTolerance: onRouteTolerance) }

    func isAnimating(at now: ContinuousClock.Instant) -> Bool {
        guard let startedAt else { return false }
        return startedAt.duration(to: now) < moveDuration
    }

    /// Where to draw the vehicle at `now`.
    func position(at now: ContinuousClock.Instant) -> LatLng? {
        guard let to else { return nil }
        guard let startedAt, path.count > 1 else { return to }
        let t = startedAt.duration(to: now) / moveDuration
        guard t < 1 else { return to }
        // Ease out: quick start, gentle arrival.
        let eased = 1 - (1 - max(0, t)) * (1 - max(0, t))
        return path.point(atDistance: path.length * eased) ?? to
    }

    /// The direction of travel at `now`, from the path being animated (nil when standing).
    func heading(at now: ContinuousClock.Instant) -> Double? {
        guard isAnimating(at: now), let here = position(at: now), let to, here != to else { return nil }
        return Geo.bearing(from: here, to: to)
    }

    /// The part of `route` between the projections of `a` and `b`, when both are near it and `b` lies ahead.
    static func subpath(of route: [LatLng], from a: LatLng, to b: LatLng, tolerance: Double) -> [LatLng]? {
        guard route.count > 1, let pa = route.closestPoint(to: a), let pb = route.closestPoint(to: b),
            pa.distanceFromPath <= tolerance, pb.distanceFromPath <= tolerance,
            pb.distanceAlongPath >= pa.distanceAlongPath
        else { return nil }
        var points = [a, pa.point]
        if pb.segmentIndex > pa.segmentIndex { points += route[(pa.segmentIndex + 1)...pb.segmentIndex] }
        points += [pb.point, b]
        return points
    }
}
