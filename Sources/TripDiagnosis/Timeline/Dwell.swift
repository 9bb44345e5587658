import FleetModel
import TripFollowing

/// A time the vehicle stayed in one place: its reports within a radius of the first of them.
public struct Dwell: Sendable, Hashable {
    /// The first report's time and place.
    public var start: ProtoTimestamp
    /// The last report still within the radius.
    public var end: ProtoTimestamp
    public var point: LatLng
    public var reports: Int

    public init(start: ProtoTimestamp, end: ProtoTimestamp, point: LatLng, reports: Int) {
        self.start = start
        self.end = end
        self.point = point
        self.reports = reports
    }

    public var seconds: Double { (end - start).inSeconds }
}
