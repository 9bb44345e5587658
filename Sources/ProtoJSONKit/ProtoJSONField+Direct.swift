// How each field type reads itself from a direct source (see ProtoFieldSource). Each accepts exactly what its
// `init(protoJSON:)` accepts, or less: whatever it leaves out throws ProtoDirectDecodingMiss and goes to the general
// path, which decides.

extension ProtoJSONField {
    public init<V: ProtoValueSource>(protoValue value: V) throws { throw ProtoDirectDecodingMiss() }
}

extension ProtoMessage {
    public init<F: ProtoFieldSource>(fields: F) throws { throw ProtoDirectDecodingMiss() }

    public init<V: ProtoValueSource>(protoValue value: V) throws {
        guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
        try self.init(fields: fields)
    }
}

extension String {
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        guard let text = value.string() else { throw ProtoDirectDecodingMiss() }
        self = text
    }
}

extension Bool {
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        guard let flag = value.bool() else { throw ProtoDirectDecodingMiss() }
        self = flag
    }
}

extension Int32 {
    public init<V: ProtoValueSource>(protoValue value: V) throws { self = try directInteger(value) }
}

extension Int64 {
    public init<V: ProtoValueSource>(protoValue value: V) throws { self = try directInteger(value) }
}

/// An integer number, or a decimal string as `T(text)` reads it (as `decodeProtoInteger` does).
private func directInteger<T: FixedWidthInteger, V: ProtoValueSource>(_ value: V) throws -> T {
    if let number = value.integer(T.self) { return number }
    if let text = value.string(), let number = T(text) { return number }
    throw ProtoDirectDecodingMiss()
}

extension Double {
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        if let number = value.double() {
            self = number
            return
        }
        guard let text = value.string() else { throw ProtoDirectDecodingMiss() }
        switch text {
        case "NaN": self = .nan
        case "Infinity": self = .infinity
        case "-Infinity": self = -.infinity
        default:
            guard let number = Double(text), number.isFinite else { throw ProtoDirectDecodingMiss() }
            self = number
        }
    }
}

extension Float {
    public init<V: ProtoValueSource>(protoValue value: V) throws { self = Float(try Double(protoValue: value)) }
}

extension ProtoEnum {
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        if let known = value.protoEnum(Self.self) {
            self = known
        } else if let number = value.integer(Int32.self) {
            if let known = Self(rawValue: number) {
                self = known
            } else if value.lenientEnums {
                self = .unspecified
            } else {
                throw ProtoDirectDecodingMiss()
            }
        } else if let name = value.string() {
            if let known = Self(protoName: name) {
                self = known
            } else if value.lenientEnums {
                self = .unspecified
            } else {
                throw ProtoDirectDecodingMiss()
            }
        } else {
            throw ProtoDirectDecodingMiss()
        }
    }
}

extension ProtoTimestamp {
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        guard let time = value.timestamp() else { throw ProtoDirectDecodingMiss() }
        self = time
    }
}

extension ProtoDuration {
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        guard let span = value.duration() else { throw ProtoDirectDecodingMiss() }
        self = span
    }
}
