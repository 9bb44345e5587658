import FleetModel

/// Plays a recording from start to end through a ``TripModel`` to its subscribers, polling once at every recorded
/// event — so each recorded change produces its callbacks exactly once — and returns when the recording is over
/// (or the trip reached COMPLETE/CANCELED). This is `tripterm replay --headless`; the TUI drives the same backend
/// and clock interactively.
public struct ReplayRun: Sendable {
    public let backend: ReplayBackend
    public let model: TripModel

    public init(recording: TripRecording, speed: ReplaySpeed, interpolate: Bool = false) {
        let start = recording.events.map(\.time).min() ?? ProtoTimestamp(seconds: 0)
        let clock = ReplayClock(start: start, speed: speed)
        backend = ReplayBackend(recording: recording, clock: clock, interpolate: interpolate)
        model = TripModel(tripName: recording.tripName, backend: backend, options: TripModelOptions(pollInterval: .seconds(1)), clock: clock)
    }

    public var clock: ReplayClock { backend.clock }

    /// Replays to the end. Cancelling the calling task stops it between polls.
    public func run() async {
        guard let end = backend.end else { return }
        while !Task.isCancelled {
            await model.refresh()
            if await model.isFinished { break }
            let now = clock.timestamp
            guard now < end, let next = backend.nextEventTime(after: now) else { break }
            do {
                try await clock.sleep(until: ReplayClock.Instant(next))
            } catch {
                break
            }
        }
    }
}
