/// Where a stop actually happened, as the provider reports it (`maps.fleetengine.v1.StopLocation`).
public struct StopLocation: ProtoMessage, Hashable, Sendable {
    public var point: LatLng?
    public var timestamp: ProtoTimestamp?
    /// Deprecated, input only.
    public var stopTime: ProtoTimestamp?

    public init(point: LatLng?, timestamp: ProtoTimestamp? = nil) {
        self.point = point
        self.timestamp = timestamp
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        point = try r("point")
        stopTime = try r("stopTime")
        timestamp = try r("timestamp")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("point", point)
        try w.put("stopTime", stopTime)
        try w.put("timestamp", timestamp)
    }
}
