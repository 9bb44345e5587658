/// A key/value label on a trip (`maps.fleetengine.v1.TripAttribute`); the value is a `oneof`.
public struct TripAttribute: ProtoMessage, Hashable, Sendable {
    public var key: String
    public var value: AttributeValue?

    public init(key: String, value: AttributeValue?) {
        self.key = key
        self.value = value
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        let boolValue: Bool? = try r("boolValue")
        key = try r("key", default: "")
        let numberValue: Double? = try r("numberValue")
        let stringValue: String? = try r("stringValue")
        value = AttributeValue(string: stringValue, bool: boolValue, number: numberValue)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("boolValue", value?.bool)
        try w.put("key", key)
        try w.put("numberValue", value?.number)
        try w.put("stringValue", value?.string)
    }
}

/// The `oneof attribute_value` shared by trip and vehicle attributes.
public enum AttributeValue: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    case number(Double)

    /// The member that is set; when a payload sets several (not valid for a `oneof`), the string wins, then the bool.
    /// The messages read the three members themselves, in the order of their names among their own fields.
    init?(string: String?, bool: Bool?, number: Double?) {
        if let string {
            self = .string(string)
        } else if let bool {
            self = .bool(bool)
        } else if let number {
            self = .number(number)
        } else {
            return nil
        }
    }

    // Each member on its own, so that a message puts it among its other fields in name order; the one that is set
    // is written even at its default value.
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    var number: Double? { if case .number(let n) = self { n } else { nil } }
}
