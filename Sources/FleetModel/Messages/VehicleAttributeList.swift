/// `maps.fleetengine.v1.VehicleAttributeList`: one list of SearchVehicles' `requiredOneOfAttributes` (any one must
/// match) or `requiredOneOfAttributeSets` (all must match).
public struct VehicleAttributeList: ProtoMessage, Hashable, Sendable {
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
