/// A key/value label on a vehicle, matched by SearchVehicles filters (`maps.fleetengine.v1.VehicleAttribute`).
public struct VehicleAttribute: ProtoMessage, Hashable, Sendable {
    public var key: String
    /// Legacy string value, kept beside the typed `oneof`.
    public var value: String
    public var typedValue: AttributeValue?

    public init(key: String, value: String = "", typedValue: AttributeValue? = nil) {
        self.key = key
        self.value = value
        self.typedValue = typedValue
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        let boolValue: Bool? = try r("boolValue")
        key = try r("key", default: "")
        let numberValue: Double? = try r("numberValue")
        let stringValue: String? = try r("stringValue")
        value = try r("value", default: "")
        typedValue = AttributeValue(string: stringValue, bool: boolValue, number: numberValue)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("boolValue", typedValue?.bool)
        try w.put("key", key)
        try w.put("numberValue", typedValue?.number)
        try w.put("stringValue", typedValue?.string)
        try w.put("value", value)
    }
}
