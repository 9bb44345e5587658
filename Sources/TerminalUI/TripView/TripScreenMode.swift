import FleetModel
import TripFollowing
import TripRecordings

/// What is driving the screen: a live backend polled at an interval, or a replay with its transport.
public enum TripScreenMode: Sendable, Equatable {
    case rider(pollInterval: Duration)
    case replay(ReplayStatus)

    public var kind: TripScreenKind {
        switch self {
        case .rider: .rider
        case .replay: .replay
        }
    }
}

/// Where a replay is and how it is playing, for the timeline bar.
public struct ReplayStatus: Sendable, Equatable {
    public var position: ProtoTimestamp
    public var start: ProtoTimestamp
    public var end: ProtoTimestamp
    public var speed: ReplaySpeed
    public var isPaused: Bool
    /// Status changes along the recording, as fractions of its span (ticks on the timeline).
    public var ticks: [Double]
    /// What `check` says about the trip: the strip above the timeline, the findings and the report card.
    public var insight: ReplayInsight?
    /// What the panel shows.
    public var pane: ReplayPane
    /// The finding `n`/`N` went to last, an index into the insight's findings.
    public var selectedFinding: Int?
    /// The event table, when `e` shows it (in place of the map).
    public var events: ReplayEventsView?

    public init(
        position: ProtoTimestamp, start: ProtoTimestamp, end: ProtoTimestamp, speed: ReplaySpeed, isPaused: Bool,
        ticks: [Double], insight: ReplayInsight? = nil, pane: ReplayPane = .trip, selectedFinding: Int? = nil,
        events: ReplayEventsView? = nil
    ) {
        self.position = position
        self.start = start
        self.end = end
        self.speed = speed
        self.isPaused = isPaused
        self.ticks = ticks
        self.insight = insight
        self.pane = pane
        self.selectedFinding = selectedFinding
        self.events = events
    }

    public var isAtEnd: Bool { position >= end }

    /// How far through the recording the position is, 0…1.
    public var fraction: Double {
        guard end > start else { return 1 }
        return min(1, max(0, (position - start) / (end - start)))
    }

    /// The fractions of a recording's span at which its trip status changes.
    public static func statusTicks(of recording: TripRecording) -> [Double] {
        guard let span = recording.timeSpan, span.upperBound > span.lowerBound else { return [] }
        var ticks: [Double] = []
        var last: TripStatus?
        for snapshot in recording.snapshots {
            let status = snapshot.trip.tripStatus
            if let previous = last, previous != status {
                ticks.append((snapshot.observedAt - span.lowerBound) / (span.upperBound - span.lowerBound))
            }
            last = status
        }
        return ticks
    }
}
