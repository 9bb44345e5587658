/// Traffic that a driver app reports along its route (`maps.fleetengine.v1.TrafficPolylineData`): stretches measured
/// in metres along the polyline, unlike the point-indexed ``ConsumableTrafficPolyline`` riders receive.
public struct TrafficPolylineData: ProtoMessage, Hashable, Sendable {
    public var trafficRendering: VisualTrafficReportPolylineRendering?

    public init(trafficRendering: VisualTrafficReportPolylineRendering? = nil) {
        self.trafficRendering = trafficRendering
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        trafficRendering = try r("trafficRendering")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("trafficRendering", trafficRendering)
    }
}

/// The stretches of a route that are not at normal speed (`VisualTrafficReportPolylineRendering`).
public struct VisualTrafficReportPolylineRendering: ProtoMessage, Hashable, Sendable {
    public var roadStretch: [RoadStretch]

    public init(roadStretch: [RoadStretch] = []) { self.roadStretch = roadStretch }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        roadStretch = try r.repeated("roadStretch")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("roadStretch", roadStretch)
    }
}

/// One stretch `[offsetMeters, offsetMeters + lengthMeters)` along the route with a traffic style.
public struct RoadStretch: ProtoMessage, Hashable, Sendable {
    public var style: Style
    public var offsetMeters: Int32
    public var lengthMeters: Int32

    public enum Style: Int32, ProtoEnum {
        case styleUnspecified = 0
        case slowerTraffic = 1
        case trafficJam = 2

        public var protoName: String {
            switch self {
            case .styleUnspecified: "STYLE_UNSPECIFIED"
            case .slowerTraffic: "SLOWER_TRAFFIC"
            case .trafficJam: "TRAFFIC_JAM"
            }
        }

        /// Cloud Logging spells these `STYLE_SLOWER_TRAFFIC`, `STYLE_TRAFFIC_JAM`.
        public static let protoAliases: [String: Style] = [
            "STYLE_SLOWER_TRAFFIC": .slowerTraffic, "STYLE_TRAFFIC_JAM": .trafficJam,
        ]
    }

    public init(style: Style, offsetMeters: Int32, lengthMeters: Int32) {
        self.style = style
        self.offsetMeters = offsetMeters
        self.lengthMeters = lengthMeters
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        lengthMeters = try r("lengthMeters", default: 0)
        offsetMeters = try r("offsetMeters", default: 0)
        style = try r("style", default: .styleUnspecified)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("lengthMeters", lengthMeters)
        try w.put("offsetMeters", offsetMeters)
        try w.put("style", style)
    }
}
