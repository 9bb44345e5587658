/// `maps.fleetengine.v1.UpdateVehicleAttributesRequest`: attributes merged into a vehicle's by key (UpdateVehicle's
/// `attributes` replaces the whole list instead). Over REST the message minus `name` is the body.
public struct UpdateVehicleAttributesRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}/vehicles/{vehicle}`.
    public var name: String
    public var attributes: [VehicleAttribute]

    public init(header: RequestHeader? = nil, name: String = "", attributes: [VehicleAttribute] = []) {
        self.header = header
        self.name = name
        self.attributes = attributes
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        attributes = try r.repeated("attributes")
        header = try r("header")
        name = try r("name", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("attributes", attributes)
        try w.put("header", header)
        try w.put("name", name)
    }
}

/// `maps.fleetengine.v1.UpdateVehicleAttributesResponse`: the vehicle's whole attribute list after the merge.
public struct UpdateVehicleAttributesResponse: ProtoMessage, Hashable, Sendable {
    public var attributes: [VehicleAttribute]

    public init(attributes: [VehicleAttribute] = []) { self.attributes = attributes }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        attributes = try r.repeated("attributes")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("attributes", attributes)
    }
}
