import FleetModel
import TripFollowing

/// Plays a recorded fleet through a ``FleetTracker`` to its subscribers on one ``VirtualClock``: every vehicle and
/// trip of an export together, as `tripterm replay EXPORT --fleet` shows them. The tracker lists the fleet once at
/// every moment the listing can change — each recorded report, and each moment a vehicle's last report grows
/// stale — so each change reaches its subscribers exactly once, in export time order, whatever the speed.
///
/// ```swift
/// let run = FleetReplayRun(recording: fleet, speed: .factor(10))
/// await run.tracker.register(printer)
/// await run.run()   // to the last report
/// ```
public struct FleetReplayRun: Sendable {
    public let backend: FleetReplayBackend
    public let tracker: FleetTracker

    /// - Parameter staleThreshold: as for a live fleet (`--stale`): judged on the replay's clock.
    public init(recording: FleetRecording, speed: ReplaySpeed, staleThreshold: Duration = .seconds(300)) {
        let start = recording.timeSpan?.lowerBound ?? ProtoTimestamp(seconds: 0)
        self.init(recording: recording, clock: VirtualClock(start: start, speed: speed), staleThreshold: staleThreshold)
    }

    /// A run on a given clock (a test's manual one).
    public init(recording: FleetRecording, clock: VirtualClock, staleThreshold: Duration = .seconds(300)) {
        backend = FleetReplayBackend(recording: recording, clock: clock)
        tracker = FleetTracker(
            backend: backend,
            scope: recording.deliveries == nil
                ? .onDemandOnly : FleetScope(kind: .all, taskFilter: FleetScope.openTasks),
            options: TripModelOptions(pollInterval: .seconds(1), jitterSeed: 1),
            staleThreshold: staleThreshold, clock: clock, now: { clock.timestamp })
    }

    public var clock: VirtualClock { backend.clock }
    public var transport: ReplayTransport { ReplayTransport(clock: clock, timeline: backend.timeline) }

    /// Replays to the last report — and, with `loop`, from the start again until the calling task is cancelled.
    public func run(loop: Bool = false) async {
        guard let start = backend.start, let end = backend.end else { return }
        while !Task.isCancelled {
            let listed = clock.timestamp
            await tracker.refresh()
            if listed >= end {
                guard loop else { break }
                clock.seek(to: start)
                continue
            }
            guard await sleepUntilNextChange(after: listed) else { break }
        }
    }

    /// Plays for an interactive viewer until the calling task is cancelled: like ``run(loop:)``, but at the end
    /// the clock stops on the last report and waits — a seek or step (which wake the clock) plays on.
    public func runInteractive(loop: Bool = false) async {
        guard let start = backend.start, let end = backend.end else { return }
        while !Task.isCancelled {
            let listed = clock.timestamp
            await tracker.refresh()
            // A seek while the listing was made: list again at once, at the new time.
            if clock.timestamp < listed { continue }
            if backend.nextChange(after: listed, staleThreshold: tracker.staleThreshold).map({ $0 <= end }) ?? false {
                _ = await sleepUntilNextChange(after: listed)
                continue
            }
            if loop {
                clock.seek(to: start)
                continue
            }
            clock.pause()
            if clock.timestamp > end { clock.seek(to: end) }
            // Woken by the next seek (or cancelled); the far deadline is never reached while paused.
            try? await clock.sleep(until: VirtualClock.Instant(end + .seconds(86_400 * 365)))
        }
    }

    /// Sleeps until the listing can next change after `time` (at once when that is already past); false when
    /// cancelled or when nothing changes any more.
    private func sleepUntilNextChange(after time: ProtoTimestamp) async -> Bool {
        guard let next = backend.nextChange(after: time, staleThreshold: tracker.staleThreshold) else { return false }
        do {
            try await clock.sleep(until: VirtualClock.Instant(next))
            return true
        } catch {
            return false
        }
    }
}
