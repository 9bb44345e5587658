/// A ``JSONValue`` as a direct source for proto3 JSON fields (see ``ProtoFieldSource``), for inputs that are parsed
/// and reshaped before they are decoded (Cloud Logging payloads): no re-encoding to text and second parse.
public struct JSONValueSource: ProtoValueSource {
    public let value: JSONValue
    public let options: ProtoJSONDecodingOptions

    public init(_ value: JSONValue, options: ProtoJSONDecodingOptions) {
        self.value = value
        self.options = options
    }

    public var lenientEnums: Bool { options.lenientEnums }

    public func fields() -> JSONValueFields? {
        guard case .object(let members) = value, !options.rejectUnknownFields else { return nil }
        // Without case-insensitive matching a snake_case member would need the general path's precedence rules.
        if !options.caseInsensitiveKeys, members.keys.contains(where: { $0.utf8.contains(UInt8(ascii: "_")) }) {
            return nil
        }
        return JSONValueFields(members: members, options: options)
    }

    public func string() -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public func bool() -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The number's value when it is a whole number in range: what re-encoding the Double and reading it back as
    /// `T` would give.
    public func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        if case .number(let number) = value { return T(exactly: number) }
        return nil
    }

    public func double() -> Double? {
        if case .number(let number) = value, number.isFinite { return number }
        return nil
    }

    public func timestamp() -> ProtoTimestamp? {
        guard case .string(let text) = value else { return nil }
        return try? ProtoTimestamp(rfc3339: text)
    }

    public func duration() -> ProtoDuration? {
        guard case .string(let text) = value else { return nil }
        return try? ProtoDuration(protoText: text)
    }
}

/// The members of a ``JSONValue`` object read as proto3 JSON fields: by exact lowerCamelCase name, or with
/// ``ProtoJSONDecodingOptions/caseInsensitiveKeys`` ignoring case and underscores on both sides.
public struct JSONValueFields: ProtoFieldSource {
    let members: [String: JSONValue]
    let options: ProtoJSONDecodingOptions

    /// The member for a field; throws ``ProtoDirectDecodingMiss`` when two members match it.
    private func member(_ name: StaticString) throws -> JSONValue? {
        guard options.caseInsensitiveKeys else { return members[name.description] }
        var found: JSONValue?
        for (key, value) in members where Self.foldedEqual(key, name.bytes) {
            guard found == nil else { throw ProtoDirectDecodingMiss() }
            found = value
        }
        return found
    }

    /// Whether `a` and the name `b` are equal ignoring ASCII case and underscores, as `ProtoJSONKey.folded` compares
    /// them.
    static func foldedEqual(_ a: String, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = a.utf8.makeIterator()
        var j = b.makeIterator()
        while true {
            var x = i.next()
            while x == UInt8(ascii: "_") { x = i.next() }
            var y = j.next()
            while y == UInt8(ascii: "_") { y = j.next() }
            guard let p = x, let q = y else { return x == nil && y == nil }
            if lower(p) != lower(q) { return false }
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    public func callAsFunction<T: ProtoJSONField>(_ name: StaticString) throws -> T? {
        guard let value = try member(name) else { return nil }
        if case .null = value { return nil }
        return try T(protoValue: JSONValueSource(value, options: options))
    }

    public func repeated<T: ProtoJSONField>(_ name: StaticString) throws -> [T] {
        guard let value = try member(name) else { return [] }
        switch value {
        case .null: return []
        case .array(let items): return try items.map { try T(protoValue: JSONValueSource($0, options: options)) }
        default: throw ProtoDirectDecodingMiss()
        }
    }

    public func finish() throws {}
}
