import FleetModel
import TripFollowing

/// A status and the time the trip spent in it.
public struct StatusSpan: Sendable, Hashable {
    public var status: TripStatus
    public var start: ProtoTimestamp
    /// When the next status began; nil for the last (the time spent in COMPLETE, or in a status the data ends in,
    /// is unknown).
    public var end: ProtoTimestamp?

    public init(status: TripStatus, start: ProtoTimestamp, end: ProtoTimestamp? = nil) {
        self.status = status
        self.start = start
        self.end = end
    }

    public var seconds: Double? { end.map { ($0 - start).inSeconds } }
}
