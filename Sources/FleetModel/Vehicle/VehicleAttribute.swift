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
        key = try r("key", default: "")
        value = try r("value", default: "")
        typedValue = try AttributeValue(reading: r)
        try r.finish()
    }

    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try w.put("key", key)
        try w.put("value", value)
        try typedValue?.write(to: &w)
    }
}
