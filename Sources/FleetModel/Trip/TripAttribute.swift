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

    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try w.put("key", key)
        try value?.write(to: &w)
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

    /// A set oneof member is written even at its default value.
    func write(to w: inout ProtoWriter) throws {
        switch self {
        case .string(let s): try w.put("stringValue", Optional(s))
        case .bool(let b): try w.put("boolValue", Optional(b))
        case .number(let n): try w.put("numberValue", Optional(n))
        }
    }
}
