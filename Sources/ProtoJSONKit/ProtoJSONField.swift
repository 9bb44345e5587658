/// A value that can stand in a field of a proto3 JSON object, read and written by the mapping's rules rather than
/// by Foundation's defaults (int64 as strings, `"NaN"` for doubles, enums by name or number, and so on).
public protocol ProtoJSONField: Sendable {
    init(protoJSON decoder: any Decoder) throws
    /// Reads the value from a direct source (see ``ProtoFieldSource``); throws ``ProtoDirectDecodingMiss`` for
    /// anything the general path should decide. The default leaves everything to the general path.
    init<V: ProtoValueSource>(protoValue value: V) throws
    func encodeProtoJSON(to encoder: any Encoder) throws
    /// Writes the same JSON straight into bytes (see ``ProtoJSONOutput``). The default goes through `JSONEncoder`.
    func writeProtoJSON(to out: inout ProtoJSONOutput) throws
    /// Whether this is proto3's default value, which a non-wrapper field omits on output.
    var isProtoDefault: Bool { get }
}

/// A proto message: an object whose `Codable` conformance follows the proto3 JSON mapping.
public protocol ProtoMessage: ProtoJSONField, Codable, Equatable {
    /// Reads the message's fields, from a ``ProtoReader`` (what `init(from:)` passes) or a direct source. The
    /// default throws ``ProtoDirectDecodingMiss``, so a message that does not list its fields here is decoded by
    /// the general path only.
    init<F: ProtoFieldSource>(fields: F) throws
    /// Puts the message's fields, in the byte order of their JSON names: the one list both `Encodable` and
    /// ``ProtoJSONOutput`` write from.
    func writeFields<W: ProtoFieldWriter>(to w: inout W) throws
    /// The message's compact proto3 JSON (``ProtoJSON/bytes(of:options:)``). A requirement, so that a message
    /// reached as `any ProtoMessage` or `Encodable` is written by code specialized for its type.
    func protoJSONBytes(options: ProtoJSONEncodingOptions) throws -> [UInt8]
}

extension ProtoMessage {
    public init(protoJSON decoder: any Decoder) throws { try self.init(from: decoder) }
    public func encodeProtoJSON(to encoder: any Encoder) throws { try encode(to: encoder) }
    public var isProtoDefault: Bool { false }
    public func protoJSONBytes(options: ProtoJSONEncodingOptions) throws -> [UInt8] {
        try ProtoJSON.bytes(of: self, options: options)
    }
}

/// Adapts a ``ProtoJSONField`` to `Codable`, so Foundation's containers can carry it.
struct ProtoFieldBox<Value: ProtoJSONField>: Codable {
    var value: Value
    init(_ value: Value) { self.value = value }
    init(from decoder: any Decoder) throws { value = try Value(protoJSON: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encodeProtoJSON(to: encoder) }
}

extension String: ProtoJSONField {
    public init(protoJSON decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decode(String.self)
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(self)
    }
    public var isProtoDefault: Bool { isEmpty }
}

extension Bool: ProtoJSONField {
    public init(protoJSON decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decode(Bool.self)
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(self)
    }
    public var isProtoDefault: Bool { !self }
}

extension Int32: ProtoJSONField {
    /// proto3 accepts an int32 as a number or a decimal string; a number with a zero fraction (`3.0`) is accepted too.
    public init(protoJSON decoder: any Decoder) throws {
        self = try decodeProtoInteger(decoder, as: Int32.self)
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(self)
    }
    public var isProtoDefault: Bool { self == 0 }
}

extension Int64: ProtoJSONField {
    /// int64 is written as a string (JavaScript numbers lose precision past 2^53) and read as a string or number.
    public init(protoJSON decoder: any Decoder) throws {
        self = try decodeProtoInteger(decoder, as: Int64.self)
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(String(self))
    }
    public var isProtoDefault: Bool { self == 0 }
}

extension Double: ProtoJSONField {
    /// Numbers, numeric strings, and the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
    public init(protoJSON decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let value = try? c.decode(Double.self) {
            self = value
            return
        }
        let text = try c.decode(String.self)
        switch text {
        case "NaN": self = .nan
        case "Infinity": self = .infinity
        case "-Infinity": self = -.infinity
        default:
            guard let value = Double(text), value.isFinite else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a number, got \"\(text)\"")
            }
            self = value
        }
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if isNaN {
            try c.encode("NaN")
        } else if isInfinite {
            try c.encode(self < 0 ? "-Infinity" : "Infinity")
        } else {
            try c.encode(self)
        }
    }
    public var isProtoDefault: Bool { self == 0 && sign == .plus }
}

extension Float: ProtoJSONField {
    public init(protoJSON decoder: any Decoder) throws {
        self = Float(try Double(protoJSON: decoder))
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        try Double(self).encodeProtoJSON(to: encoder)
    }
    public var isProtoDefault: Bool { self == 0 && sign == .plus }
}

private func decodeProtoInteger<T: FixedWidthInteger & Decodable>(_ decoder: any Decoder, as type: T.Type) throws -> T {
    let c = try decoder.singleValueContainer()
    if let value = try? c.decode(T.self) { return value }
    if let text = try? c.decode(String.self) {
        if let value = T(text) { return value }
        throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected an integer, got \"\(text)\"")
    }
    let number = try c.decode(Double.self)
    guard number.rounded() == number, let value = T(exactly: number) else {
        throw DecodingError.dataCorruptedError(
            in: c, debugDescription: "expected an integer in \(T.self) range, got \(number)")
    }
    return value
}
