import FleetModel
import TripFollowing

/// The vehicle's drive for the trip: from the first status after NEW to COMPLETE or CANCELED (or the end of the
/// data), along its reported locations.
public struct Drive: Sendable, Hashable {
    public var start: ProtoTimestamp
    public var startStatus: TripStatus
    public var end: ProtoTimestamp
    /// COMPLETE or CANCELED; nil when the span ends with the data.
    public var endStatus: TripStatus?
    /// The sum of the plausible moves between reports inside the span; nil with fewer than two reports there.
    public var meters: Double?
    /// The fastest plausible move inside the span, in m/s; nil when there is none.
    public var maxSpeed: Double?

    public init(
        start: ProtoTimestamp, startStatus: TripStatus, end: ProtoTimestamp, endStatus: TripStatus?,
        meters: Double? = nil, maxSpeed: Double? = nil
    ) {
        self.start = start
        self.startStatus = startStatus
        self.end = end
        self.endStatus = endStatus
        self.meters = meters
        self.maxSpeed = maxSpeed
    }

    public var seconds: Double { (end - start).inSeconds }

    /// Distance over duration, in m/s.
    public var averageSpeed: Double? {
        guard let meters, seconds > 0 else { return nil }
        return meters / seconds
    }
}
