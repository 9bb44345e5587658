import FleetModel
import Foundation

/// A vehicle driving along a path — typically a ``RoadMap`` route — producing a fix every `fixInterval` of driving
/// time: the demo and test stand-in for a phone's GPS.
///
/// ```swift
/// let route = graph.route(from: pickup, to: dropoff)!
/// let drive = SimulatedDrive(path: route.points, speed: .road(graph), clock: VirtualClock(start: now, speed: .factor(5)))
/// for try await fix in drive.fixes() { … }
/// ```
///
/// With `stops` and `dwellAtStops`, the vehicle waits at each stop (speed zero, a fix every interval) as a driver
/// waits for a rider.
///
/// Time is the injected clock's: each fix waits `fixInterval` on it, so a clock running faster (the demo's, or
/// `driver --speed`) drives faster, and tests on a manual clock drive a whole route without sleeping. Positions are exact points on the path unless `noise` is given, which adds seeded Gaussian
/// error — the same seed gives the same drive.
public struct SimulatedDrive: LocationSource {
    public let path: [LatLng]
    /// Metres per second on each segment of `path` (one entry per segment).
    public let segmentSpeeds: [Double]
    public let fixInterval: Duration
    public let noise: GPSNoise?
    let clock: any Clock<Duration>
    let startTime: @Sendable () -> Date
    /// Seconds into the drive at which each vertex of `path` is reached…
    let arrivals: [Double]
    /// …and left (later than reached at a stop where the vehicle dwells).
    let departures: [Double]

    /// - Parameters:
    ///   - speed: how fast to drive; speeds of zero or less are taken as walking pace (1 m/s) so the drive ends.
    ///   - stops: points of `path` where the vehicle waits `dwellAtStops` (each matched to its first vertex after
    ///     the previous stop's); the last point of the path is the end, with no wait unless `waitsAtEnd` (a
    ///     delivery stop is worked at like the others, where a dropoff ends the trip).
    ///   - startTime: the time of the first fix (the fixes' times advance by driving time from it).
    public init(
        path: [LatLng], speed: DriveSpeed, fixInterval: Duration = .seconds(1), stops: [LatLng] = [],
        dwellAtStops: Duration = .zero, waitsAtEnd: Bool = false, noise: GPSNoise? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        startTime: @escaping @Sendable () -> Date = { Date() }
    ) {
        precondition(fixInterval > .zero, "fixInterval must be positive")
        self.path = path
        self.segmentSpeeds = speed.segmentSpeeds(along: path).map { $0.isFinite && $0 > 0 ? $0 : 1 }
        self.fixInterval = fixInterval
        self.noise = noise
        self.clock = clock
        self.startTime = startTime
        let dwell = max(0, dwellAtStops.inSeconds)
        var waits = [Double](repeating: 0, count: path.count)
        var from = 0
        for stop in stops {
            guard let index = path[from...].firstIndex(of: stop) else { continue }
            if index < path.count - 1 || waitsAtEnd { waits[index] = dwell }
            from = index
        }
        var arrivals: [Double] = []
        var departures: [Double] = []
        for i in path.indices {
            let arrival = i == 0 ? 0 : departures[i - 1] + Geo.distance(path[i - 1], path[i]) / segmentSpeeds[i - 1]
            arrivals.append(arrival)
            departures.append(arrival + waits[i])
        }
        self.arrivals = arrivals
        self.departures = departures
    }

    /// Time from the first point to the last, waits included, in seconds.
    public var durationSeconds: Double { departures.last ?? 0 }

    /// Where the vehicle is `seconds` into the drive (clamped to its ends), heading along its segment at that
    /// segment's speed; stopped at the end. Nil for an empty path.
    public func position(at seconds: Double) -> (coordinate: LatLng, heading: Double, speed: Double)? {
        guard let first = path.first, let last = path.last else { return nil }
        guard path.count > 1 else { return (first, 0, 0) }
        if seconds >= arrivals[arrivals.count - 1] {
            return (last, Geo.bearing(from: path[path.count - 2], to: last), 0)
        }
        let t = max(0, seconds)
        var i = 0
        while i + 2 < arrivals.count, arrivals[i + 1] <= t { i += 1 }
        if t < departures[i] {
            // Waiting at a stop, facing the way it came.
            let heading =
                i > 0 ? Geo.bearing(from: path[i - 1], to: path[i]) : Geo.bearing(from: path[i], to: path[i + 1])
            return (path[i], heading, 0)
        }
        let span = arrivals[i + 1] - departures[i]
        let fraction = span > 0 ? (t - departures[i]) / span : 0
        return (
            Geo.interpolate(path[i], path[i + 1], fraction: fraction), Geo.bearing(from: path[i], to: path[i + 1]),
            segmentSpeeds[i]
        )
    }

    public func fixes() -> AsyncThrowingStream<LocationFix, any Error> {
        let drive = self
        return Self.stream { continuation in try await drive.emit(on: drive.clock, to: continuation) }
    }

    /// Each fix is due at a fixed instant from the first, on `clock`: a loop that falls behind (a loaded machine,
    /// a clock running 10× faster) catches up instead of carrying the delay, so the fixes' times stay the clock's.
    private func emit<C: Clock<Duration>>(
        on clock: C, to continuation: AsyncThrowingStream<LocationFix, any Error>.Continuation
    ) async throws {
        let start = startTime()
        let origin = clock.now
        let step = fixInterval.inSeconds
        var generator = noise.map { SplitMix64(seed: $0.seed) }
        var elapsed = 0.0
        while true {
            try Task.checkCancellation()
            guard var position = position(at: elapsed) else { return }
            var accuracy: Double? = nil
            if let noise, var g = generator {
                position.coordinate = noise.displace(position.coordinate, using: &g)
                generator = g
                accuracy = noise.accuracyMeters
            }
            continuation.yield(
                LocationFix(
                    coordinate: position.coordinate, heading: position.heading, speed: position.speed,
                    accuracy: accuracy, sensor: .gps, time: start.addingTimeInterval(elapsed)))
            if elapsed >= durationSeconds { return }
            // A last step shorter than a microsecond is rounding, not driving: end there.
            let next = elapsed + step >= durationSeconds - 1e-6 ? durationSeconds : elapsed + step
            try await clock.sleep(until: origin.advanced(by: .seconds(next)), tolerance: nil)
            elapsed = next
        }
    }
}
