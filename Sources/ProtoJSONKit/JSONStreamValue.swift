import Foundation

/// One value of a ``JSONStream``, as a direct source for proto3 JSON fields (see ``ProtoFieldSource``): read where
/// it starts when a field asks for it, which moves the stream past it.
///
/// It borrows the stream's text and cursor: use it only inside ``JSONStream/read(_:lenientEnums:_:)``.
public struct JSONStreamValue: ProtoValueSource {
    let cursor: UnsafeMutablePointer<JSONStreamCursor>
    let start: Int

    public var lenientEnums: Bool { cursor.pointee.lenientEnums }

    /// A parser at the value, or nil when the value is not where the stream is (a value read twice or out of turn).
    private func parser() -> JSONTapeParser? {
        guard start == cursor.pointee.position, start < cursor.pointee.count else { return nil }
        return cursor.pointee.parser(at: start)
    }

    private func first(_ byte: UInt8) -> Bool { cursor.pointee.bytes[start] == byte }

    /// A string token at the value, the stream moved past it.
    private func stringToken() -> JSONTape.Token? {
        guard var parser = parser(), first(UInt8(ascii: "\"")), let token = parser.string() else { return nil }
        cursor.pointee.moved(parser)
        return token
    }

    private func bytes(_ token: JSONTape.Token) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: cursor.pointee.bytes + token.start, count: token.end - token.start)
    }

    // MARK: ProtoValueSource

    public func fields() -> JSONStreamFields? {
        cursor.pointee.openObject(at: start).map { JSONStreamFields(cursor: cursor, level: $0) }
    }

    public func string() -> String? {
        guard let token = stringToken() else { return nil }
        let text = bytes(token)
        if token.flags & JSONTape.escaped != 0 { return JSONTapeStrings.text(text, escaped: true) }
        return cursor.pointee.memory.pointee.strings.text(text)
    }

    public func bool() -> Bool? {
        guard var parser = parser() else { return nil }
        let token = first(UInt8(ascii: "t")) ? parser.literal("true", .true) : parser.literal("false", .false)
        guard let token else { return nil }
        cursor.pointee.moved(parser)
        return token.kind == .true
    }

    public func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        // Peek first: a value that is not an integer must stay unread for the next accessor to try.
        guard var parser = parser(), let token = parser.number(), token.flags & JSONTape.integral != 0,
            let value = JSONNumberText.integer(bytes(token), as: T.self)
        else { return nil }
        cursor.pointee.moved(parser)
        return value
    }

    public func double() -> Double? {
        guard start == cursor.pointee.position else { return nil }
        if let (value, end) = JSONNumberText.shortDecimal(cursor.pointee.bytes, start, cursor.pointee.count) {
            cursor.pointee.position = end
            return value
        }
        guard var parser = parser(), let token = parser.number(), let value = JSONNumberText.double(bytes(token)) else {
            return nil
        }
        cursor.pointee.moved(parser)
        return value
    }

    public func matchPlainString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R? {
        guard var parser = parser(), first(UInt8(ascii: "\"")), let token = parser.string(),
            token.flags & JSONTape.escaped == 0, let answer = body(bytes(token))
        else { return nil }
        cursor.pointee.moved(parser)
        return answer
    }

    public func numberPair(_ opening: StaticString, _ separator: StaticString) -> (Double, Double)? {
        let cursor = cursor.pointee
        let bytes = cursor.bytes
        let count = cursor.count
        guard start == cursor.position, let firstStart = cursor.after(opening, at: start),
            let (first, afterFirst) = JSONNumberText.shortDecimal(bytes, firstStart, count),
            let secondStart = cursor.after(separator, at: afterFirst),
            let (second, afterSecond) = JSONNumberText.shortDecimal(bytes, secondStart, count),
            afterSecond < count, bytes[afterSecond] == UInt8(ascii: "}")
        else { return nil }
        self.cursor.pointee.position = afterSecond + 1
        return (first, second)
    }

    public func protoEnum<E: ProtoEnum>(_ type: E.Type) -> E? {
        let position = cursor.pointee.position
        guard start == position, position < cursor.pointee.count, first(UInt8(ascii: "\"")) else { return nil }
        let names = cursor.pointee.memory
        if let (value, length) = names.pointee.enumNames.match(
            cursor.pointee.bytes + position + 1, available: cursor.pointee.count - position - 1, as: E.self)
        {
            cursor.pointee.position = position + length + 2
            return value
        }
        return matchPlainString { name in
            guard let value = E(protoNameBytes: name) else { return nil }
            names.pointee.enumNames.remember(value, named: name)
            return value
        }
    }

    public func timestamp() -> ProtoTimestamp? {
        let memory = cursor.pointee.memory
        return matchPlainString { try? ProtoTimestamp.parseRFC3339($0, lastDay: &memory.pointee.lastDay).get() }
    }

    public func duration() -> ProtoDuration? {
        matchPlainString { try? ProtoDuration.parseProtoText($0).get() }
    }
}

/// The members of an object of a ``JSONStream``, read as proto3 JSON fields by their lowerCamelCase names, in the
/// order of the text.
public struct JSONStreamFields: ProtoFieldSource {
    let cursor: UnsafeMutablePointer<JSONStreamCursor>
    let level: Int

    /// The value of member `name`, which the caller must read and then pass to ``end(_:)``; nil when absent or
    /// `null`.
    @inline(__always)
    func value(_ name: StaticString) throws -> JSONStreamValue? {
        try value(name.bytes)
    }

    @inline(__always)
    private func value(_ name: UnsafeBufferPointer<UInt8>) throws -> JSONStreamValue? {
        // Most fields a message asks for are absent, and the key at the cursor already sorts after them by its first
        // letter: settled here, without the call.
        if cursor.pointee.keySortsAfter(firstByte: name[0], level: level) { return nil }
        return try cursor.pointee.member(name, level: level).map { JSONStreamValue(cursor: cursor, start: $0) }
    }

    @inline(__always)
    func end(_ value: JSONStreamValue) throws {
        try cursor.pointee.endMember(level: level, valueStart: value.start)
    }

    public func callAsFunction<T: ProtoJSONField>(_ name: StaticString) throws -> T? {
        guard let value = try value(name) else { return nil }
        let field = try T(protoValue: value)
        try end(value)
        return field
    }

    public func repeated<T: ProtoJSONField>(_ name: StaticString) throws -> [T] {
        guard let array = try value(name) else { return [] }
        return try elements(array, name)
    }

    /// The elements of the array `array`, member `name`'s value (most repeated fields a message asks for are absent:
    /// kept apart so that asking stays small).
    @inline(never)
    private func elements<T: ProtoJSONField>(_ array: JSONStreamValue, _ name: StaticString) throws -> [T] {
        let memory = cursor.pointee.memory
        let depth = cursor.pointee.depth
        let lenientEnums = cursor.pointee.lenientEnums
        let slot = memory.pointee.repeatedFields.slot(for: name)
        if let last = memory.pointee.repeatedFields.same(
            as: T.self, at: slot, text: cursor.pointee.bytes + array.start,
            available: cursor.pointee.count - array.start, depth: depth, lenientEnums: lenientEnums)
        {
            cursor.pointee.position = array.start + last.length
            if last.nonASCII { cursor.pointee.sawNonASCII = true }
            try end(array)
            return last.elements
        }
        var elements: [T] = []
        if try cursor.pointee.openArray(at: array.start) {
            elements.reserveCapacity(memory.pointee.repeatedFields.count(of: T.self, at: slot))
            while true {
                let element = JSONStreamValue(cursor: cursor, start: cursor.pointee.position)
                elements.append(try T(protoValue: element))
                guard try cursor.pointee.nextElement(level: level, elementStart: element.start) else { break }
            }
            // Non-ASCII bytes read so far in the document may have been in the array: then it is validated again.
            memory.pointee.repeatedFields.remember(
                elements, of: name, at: slot,
                text: UnsafeBufferPointer(
                    start: cursor.pointee.bytes + array.start, count: cursor.pointee.position - array.start),
                depth: depth, lenientEnums: lenientEnums, nonASCII: cursor.pointee.sawNonASCII)
        }
        try end(array)
        return elements
    }

    /// Reads past the members nobody asked for, and the object's end.
    public func finish() throws { try cursor.pointee.closeObject(level: level) }
}
