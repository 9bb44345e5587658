/// Traffic along a trip's current route segment as Fleet Engine returns it to riders
/// (`maps.fleetengine.v1.ConsumableTrafficPolyline`).
public struct ConsumableTrafficPolyline: ProtoMessage, Hashable, Sendable {
    public var speedReadingInterval: [SpeedReadingInterval]
    /// S2-encoded path the intervals index into (see ``S2Polyline``).
    public var encodedPathToWaypoint: String

    public init(speedReadingInterval: [SpeedReadingInterval] = [], encodedPathToWaypoint: String = "") {
        self.speedReadingInterval = speedReadingInterval
        self.encodedPathToWaypoint = encodedPathToWaypoint
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        encodedPathToWaypoint = try r("encodedPathToWaypoint", default: "")
        speedReadingInterval = try r.repeated("speedReadingInterval")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("encodedPathToWaypoint", encodedPathToWaypoint)
        try w.put("speedReadingInterval", speedReadingInterval)
    }
}

/// Traffic speed on the path between two polyline point indices (`maps.fleetengine.v1.SpeedReadingInterval`).
/// Index 0 is omitted in JSON, like every proto3 default, so the first interval usually lacks its start.
public struct SpeedReadingInterval: ProtoMessage, Hashable, Sendable {
    public var startPolylinePointIndex: Int32
    public var endPolylinePointIndex: Int32
    public var speed: Speed

    /// Classification of traffic speed.
    public enum Speed: Int32, ProtoEnum {
        case speedUnspecified = 0
        case normal = 1
        case slow = 2
        case trafficJam = 3

        public var protoName: String {
            switch self {
            case .speedUnspecified: "SPEED_UNSPECIFIED"
            case .normal: "NORMAL"
            case .slow: "SLOW"
            case .trafficJam: "TRAFFIC_JAM"
            }
        }
    }

    public init(startPolylinePointIndex: Int32 = 0, endPolylinePointIndex: Int32, speed: Speed) {
        self.startPolylinePointIndex = startPolylinePointIndex
        self.endPolylinePointIndex = endPolylinePointIndex
        self.speed = speed
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        endPolylinePointIndex = try r("endPolylinePointIndex", default: 0)
        speed = try r("speed", default: .speedUnspecified)
        startPolylinePointIndex = try r("startPolylinePointIndex", default: 0)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("endPolylinePointIndex", endPolylinePointIndex)
        try w.put("speed", speed)
        try w.put("startPolylinePointIndex", startPolylinePointIndex)
    }
}
