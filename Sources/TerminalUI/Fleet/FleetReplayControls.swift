import FleetModel
import TripFollowing
import TripRecordings

/// The transport of `replay --fleet`: pause, step, speed and seek act on the fleet replay's clock, whose changes
/// wake the replay's run loop (``FleetReplayRun/runInteractive(loop:)``), so the fleet is listed again at the new
/// time at once. Nothing here waits, so the screen carries the keys out in `handle`.
public struct FleetReplayControls: Sendable {
    public let run: FleetReplayRun
    /// Where each trip of the recording starts, as fractions of its span: ticks on the timeline.
    private let ticks: [Double]

    public init(run: FleetReplayRun) {
        self.run = run
        let recording = run.backend.recording
        if let span = recording.timeSpan, span.upperBound > span.lowerBound {
            ticks = recording.trips.compactMap(\.timeSpan?.lowerBound).map {
                min(1, max(0, ($0 - span.lowerBound) / (span.upperBound - span.lowerBound)))
            }
        } else {
            ticks = []
        }
    }

    /// The replay's clock: the time the list's ages and the timeline read.
    public var now: ProtoTimestamp { run.clock.timestamp }

    /// The timeline bar's state for this frame.
    public var status: ReplayStatus {
        let start = run.backend.start ?? now
        return ReplayStatus(
            position: now, start: start, end: run.backend.end ?? start, speed: run.clock.speed,
            isPaused: run.clock.isPaused, ticks: ticks)
    }

    /// Carries out a transport action and returns the notice for the status bar; nil for an action that is not the
    /// transport's.
    public func perform(_ action: TripAction) -> String? {
        run.transport.perform(action, unit: "report")?.notice
    }
}
