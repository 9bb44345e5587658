import FleetModel
import TripFollowing

/// A time the driver app said OFF_ROUTE, from the report that said so to the next that did not.
public struct OffRouteEpisode: Sendable, Hashable {
    public var start: ProtoTimestamp
    /// The next report with another navigation status, else the end of the trip's data.
    public var end: ProtoTimestamp
    /// Whether the data ended while still off route.
    public var endsWithData: Bool

    public init(start: ProtoTimestamp, end: ProtoTimestamp, endsWithData: Bool = false) {
        self.start = start
        self.end = end
        self.endsWithData = endsWithData
    }

    public var seconds: Double { (end - start).inSeconds }
}
