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
        key = try r("key", default: "")
        value = try AttributeValue(reading: r)
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

    init?<F: ProtoFieldSource>(reading r: F) throws {
        if let s: String = try r("stringValue") {
            self = .string(s)
        } else if let b: Bool = try r("boolValue") {
            self = .bool(b)
        } else if let n: Double = try r("numberValue") {
            self = .number(n)
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
