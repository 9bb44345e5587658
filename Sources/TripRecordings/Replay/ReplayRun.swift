import FleetModel
import TripFollowing

/// Plays a recording from start to end through a ``TripModel`` to its subscribers, polling once at every recorded
/// event — so each recorded change produces its callbacks exactly once — and returns when the recording is over
/// (or the trip reached COMPLETE/CANCELED). This is `tripterm replay --headless`; the TUI drives the same backend
/// and clock interactively.
public struct ReplayRun: Sendable {
    public let backend: ReplayBackend
    public let model: TripModel

    public init(recording: TripRecording, speed: ReplaySpeed, interpolate: Bool = false) {
        let start = recording.events.map(\.time).min() ?? ProtoTimestamp(seconds: 0)
        let clock = VirtualClock(start: start, speed: speed)
        backend = ReplayBackend(recording: recording, clock: clock, interpolate: interpolate)
        var options = TripModelOptions(pollInterval: .seconds(1))
        // A vehicle's timeline goes on to its next trip after one ends.
        options.stopsWhenTripEnds = recording.vehicleId == nil
        model = TripModel(tripName: recording.tripName, backend: backend, options: options, clock: clock)
    }

    public var clock: VirtualClock { backend.clock }

    /// Replays to the end — and, with `loop`, from the start again until the calling task is cancelled.
    /// Cancelling the calling task stops it between polls.
    public func run(loop: Bool = false) async {
        guard let start = backend.start, let end = backend.end else { return }
        while !Task.isCancelled {
            await model.refresh()
            let now = clock.timestamp
            let finished = await model.isFinished
            if finished || now >= end {
                guard loop else { break }
                await model.reset()
                clock.seek(to: start)
                continue
            }
            guard let next = backend.nextEventTime(after: now) else { break }
            do {
                try await clock.sleep(until: VirtualClock.Instant(next))
            } catch {
                break
            }
        }
    }

    /// Plays for an interactive viewer until the calling task is cancelled: like ``run(loop:)``, but at the end
    /// the clock stops on the last event and waits — a seek, step or restart (which wake the clock) plays on.
    public func runInteractive(loop: Bool = false) async {
        guard let start = backend.start, let end = backend.end else { return }
        while !Task.isCancelled {
            await model.refresh()
            let now = clock.timestamp
            if let next = backend.nextEventTime(after: now) {
                try? await clock.sleep(until: VirtualClock.Instant(next))
                continue
            }
            if loop {
                await model.reset()
                clock.seek(to: start)
                continue
            }
            clock.pause()
            if clock.timestamp > end { clock.seek(to: end) }
            // Woken by the next seek (or cancelled); the far deadline is never reached while paused.
            try? await clock.sleep(until: VirtualClock.Instant(end + .seconds(86_400 * 365)))
        }
    }

    // MARK: Transport

    /// Pauses on the next recorded event.
    public func stepForward() {
        clock.pause()
        if let next = backend.nextEventTime(after: clock.timestamp) { clock.seek(to: next) }
    }

    /// Pauses on the previous recorded event.
    public func stepBackward() {
        clock.pause()
        if let previous = backend.previousEventTime(before: clock.timestamp) { clock.seek(to: previous) }
    }

    /// Jumps to a fraction (0…1, clamped) of the recording's span.
    public func seek(fraction: Double) {
        guard let start = backend.start, let end = backend.end else { return }
        clock.seek(to: start + (end - start) * min(1, max(0, fraction)))
    }

    /// How far through the recording the clock is, 0…1.
    public var progress: Double {
        guard let start = backend.start, let end = backend.end, end > start else { return 1 }
        return min(1, max(0, (clock.timestamp - start) / (end - start)))
    }
}
