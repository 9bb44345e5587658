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
        self.init(recording: recording, clock: VirtualClock(start: start, speed: speed), interpolate: interpolate)
    }

    /// A replay on a clock it shares — the fleet replay's, whose rider view of a trip plays on the fleet's time.
    public init(recording: TripRecording, clock: VirtualClock, interpolate: Bool = false) {
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
    /// With `holdAtEnd` false (a clock shared with a fleet, which plays on) it only waits.
    public func runInteractive(loop: Bool = false, holdAtEnd: Bool = true) async {
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
            if holdAtEnd {
                clock.pause()
                if clock.timestamp > end { clock.seek(to: end) }
            }
            // Woken by the next seek (or cancelled); the far deadline is never reached while paused.
            try? await clock.sleep(until: VirtualClock.Instant(end + .seconds(86_400 * 365)))
        }
    }

    // MARK: Transport

    /// Step, seek and progress over this replay's clock and recording.
    public var transport: ReplayTransport { ReplayTransport(clock: clock, timeline: backend.timeline) }
}
