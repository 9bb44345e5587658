import FleetModel
import TripFollowing

/// A replay's transport — step, seek, progress — over its clock and the times its recording changes: one
/// definition for the trip replay (``ReplayRun``) and the fleet replay (``FleetReplayRun``), so their keys do the
/// same.
public struct ReplayTransport: Sendable {
    public let clock: VirtualClock
    public let timeline: ReplayTimeline

    public init(clock: VirtualClock, timeline: ReplayTimeline) {
        self.clock = clock
        self.timeline = timeline
    }

    /// Pauses on the next recorded change.
    public func stepForward() {
        clock.pause()
        if let next = timeline.next(after: clock.timestamp) { clock.seek(to: next) }
    }

    /// Pauses on the previous recorded change.
    public func stepBackward() {
        clock.pause()
        if let previous = timeline.previous(before: clock.timestamp) { clock.seek(to: previous) }
    }

    /// Jumps to a fraction (0…1, clamped) of the recording's span.
    public func seek(fraction: Double) {
        guard let start = timeline.start, let end = timeline.end else { return }
        clock.seek(to: start + (end - start) * min(1, max(0, fraction)))
    }

    /// How far through the recording the clock is, 0…1.
    public var progress: Double {
        guard let start = timeline.start, let end = timeline.end, end > start else { return 1 }
        return min(1, max(0, (clock.timestamp - start) / (end - start)))
    }
}
