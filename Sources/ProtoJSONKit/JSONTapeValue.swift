import Foundation

/// One value of a parsed ``JSONTape``, as a direct source for proto3 JSON fields (see ``ProtoFieldSource``).
///
/// It borrows the tape and the text: use it only inside
/// ``JSONTape/withRoot(in:lenientEnums:rejectUnknownFields:_:)``.
public struct JSONTapeValue: ProtoValueSource {
    let tokens: UnsafePointer<JSONTape.Token>
    let bytes: UnsafePointer<UInt8>
    let index: Int
    public let lenientEnums: Bool
    /// Whether an object's members that no field asks for make it a miss (``JSONTapeFields/finish()``), for
    /// request bodies read with ``ProtoJSONDecodingOptions/rejectUnknownFields``.
    let rejectUnknownFields: Bool

    private var token: JSONTape.Token { tokens[index] }

    var text: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + token.start, count: token.end - token.start)
    }

    public var kind: JSONTape.Kind { token.kind }
    public var isNull: Bool { token.kind == .null }
    public var isObject: Bool { token.kind == .object }

    /// The index of the token after this value and everything inside it.
    var next: Int { token.kind == .object || token.kind == .array ? token.end : index + 1 }

    private func at(_ index: Int) -> JSONTapeValue {
        JSONTapeValue(
            tokens: tokens, bytes: bytes, index: index, lenientEnums: lenientEnums,
            rejectUnknownFields: rejectUnknownFields)
    }

    /// The value of an object's member `name`; nil when absent. Throws ``ProtoDirectDecodingMiss`` when the
    /// object's keys cannot be matched by bytes (escapes, snake_case) or `name` appears twice.
    public func member(_ name: String) throws -> JSONTapeValue? {
        guard let found = try name.utf8.withContiguousStorageIfAvailable({ try member(bytes: $0) }) else {
            return try slowMember(name)
        }
        return found
    }

    /// The member named by these bytes (see ``member(_:)``).
    func member(bytes wanted: UnsafeBufferPointer<UInt8>) throws -> JSONTapeValue? {
        let object = token
        guard object.kind == .object else { throw ProtoDirectDecodingMiss() }
        guard object.flags & JSONTape.oddKeys == 0 else { throw ProtoDirectDecodingMiss() }
        let unique = object.flags & JSONTape.sortedKeys != 0
        guard let wantedBytes = wanted.baseAddress else { return nil }
        let signature = JSONTape.signature(wantedBytes, wanted.count)
        guard object.start & JSONTape.filterBit(signature) != 0 else { return nil }
        var found: Int?
        var i = index + 1
        while i < object.end {
            let key = tokens[i]
            if key.signature == signature, key.end - key.start == wanted.count,
                memcmp(bytes + key.start, wantedBytes, wanted.count) == 0
            {
                guard found == nil else { throw ProtoDirectDecodingMiss() }  // the name twice
                found = i + 1
                if unique { break }
            }
            i = Int(key.count)
        }
        return found.map(at)
    }

    /// `member` for a name without contiguous UTF-8 (a bridged string).
    private func slowMember(_ name: String) throws -> JSONTapeValue? {
        var copy = name
        copy.makeContiguousUTF8()
        return try member(copy)
    }

    /// The elements of an array, or nil for any other kind of value.
    public func elements() -> [JSONTapeValue]? {
        guard token.kind == .array else { return nil }
        var out: [JSONTapeValue] = []
        out.reserveCapacity(Int(token.count))
        var i = index + 1
        while i < token.end {
            out.append(at(i))
            i = at(i).next
        }
        return out
    }

    /// Calls `body` with each member of an object, key (a string value) and value, in document order.
    public func forEachMember(_ body: (_ key: JSONTapeValue, _ value: JSONTapeValue) throws -> Void) rethrows {
        guard token.kind == .object else { return }
        var i = index + 1
        while i < token.end {
            try body(at(i), at(i + 1))
            i = Int(tokens[i].count)
        }
    }

    /// The number of an array's elements or an object's members.
    public var count: Int { Int(token.count) }

    /// Calls `body` with a string's bytes as written between the quotes, when it has no escapes and is all ASCII;
    /// nil otherwise (read it with ``string()``).
    public func withPlainASCII<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard token.kind == .string, token.flags & JSONTape.escaped == 0 else { return nil }
        let bytes = text
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        return try body(bytes)
    }

    /// Decodes each element of an array as `T`; nil for any other kind of value.
    func decodeElements<T: ProtoJSONField>(_ type: T.Type) throws -> [T]? {
        let array = token
        guard array.kind == .array else { return nil }
        var out: [T] = []
        out.reserveCapacity(Int(array.count))
        var i = index + 1
        while i < array.end {
            let element = at(i)
            out.append(try T(protoValue: element))
            i = element.next
        }
        return out
    }

    // MARK: ProtoValueSource

    public func fields() -> JSONTapeFields? {
        guard token.kind == .object else { return nil }
        return JSONTapeFields(object: self, found: rejectUnknownFields ? JSONTapeFields.Found() : nil)
    }

    public func string() -> String? {
        guard token.kind == .string else { return nil }
        return JSONTapeStrings.text(text, escaped: token.flags & JSONTape.escaped != 0)
    }

    public func bool() -> Bool? {
        switch token.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    public func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        guard token.kind == .number, token.flags & JSONTape.integral != 0 else { return nil }
        return JSONNumberText.integer(text, as: T.self)
    }

    public func double() -> Double? {
        guard token.kind == .number else { return nil }
        return JSONNumberText.double(text)
    }

    public func matchPlainString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R? {
        guard token.kind == .string, token.flags & JSONTape.escaped == 0 else { return nil }
        return body(text)
    }

    public func timestamp() -> ProtoTimestamp? {
        matchPlainString { try? ProtoTimestamp.parseRFC3339($0).get() }
    }

    public func duration() -> ProtoDuration? {
        matchPlainString { try? ProtoDuration.parseProtoText($0).get() }
    }
}

/// The members of an object of a ``JSONTape``, read as proto3 JSON fields by their lowerCamelCase names.
public struct JSONTapeFields: ProtoFieldSource {
    /// How many members the fields asked for were found, for a read that rejects unknown members: a message asks
    /// for each of its fields once, so fewer found than the object has means a member no field names.
    final class Found {
        var count = 0
    }

    let object: JSONTapeValue
    /// Counted only when unknown members are rejected.
    let found: Found?

    public func callAsFunction<T: ProtoJSONField>(_ name: StaticString) throws -> T? {
        guard let member = try object.member(bytes: name.bytes), !member.isNull else { return nil }
        found?.count += 1
        return try T(protoValue: member)
    }

    public func repeated<T: ProtoJSONField>(_ name: StaticString) throws -> [T] {
        guard let member = try object.member(bytes: name.bytes), !member.isNull else { return [] }
        found?.count += 1
        guard let values = try member.decodeElements(T.self) else { throw ProtoDirectDecodingMiss() }
        return values
    }

    /// When unknown members are rejected, a member no field asked for (or a `null`, which is not counted) is a
    /// miss: the general path then names it in its error, or reads the `null`.
    public func finish() throws {
        if let found, found.count != object.count { throw ProtoDirectDecodingMiss() }
    }
}
