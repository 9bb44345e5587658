/// A pickup, dropoff or intermediate destination (`maps.fleetengine.v1.TerminalLocation`).
public struct TerminalLocation: ProtoMessage, Hashable, Sendable {
    /// Required by Fleet Engine.
    public var point: LatLng?
    /// Deprecated.
    public var terminalPointId: TerminalPointId?
    /// Deprecated.
    public var accessPointId: String
    /// Deprecated.
    public var tripId: String
    /// Deprecated.
    public var terminalLocationType: WaypointType

    public init(point: LatLng?) {
        self.point = point
        self.accessPointId = ""
        self.tripId = ""
        self.terminalLocationType = .unknownWaypointType
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        accessPointId = try r("accessPointId", default: "")
        point = try r("point")
        terminalLocationType = try r("terminalLocationType", default: .unknownWaypointType)
        terminalPointId = try r("terminalPointId")
        tripId = try r("tripId", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("accessPointId", accessPointId)
        try w.put("point", point)
        try w.put("terminalLocationType", terminalLocationType)
        try w.put("terminalPointId", terminalPointId)
        try w.put("tripId", tripId)
    }
}

/// Deprecated identifier of a terminal point; kept so old payloads round-trip.
public struct TerminalPointId: ProtoMessage, Hashable, Sendable {
    /// `oneof Id`: at most one of these is set; a set oneof member is written even when empty.
    public var placeId: String?
    public var generatedId: String?
    public var value: String

    public init(placeId: String? = nil, generatedId: String? = nil, value: String = "") {
        self.placeId = placeId
        self.generatedId = generatedId
        self.value = value
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        generatedId = try r("generatedId")
        placeId = try r("placeId")
        value = try r("value", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("generatedId", generatedId)
        try w.put("placeId", placeId)
        try w.put("value", value)
    }
}
