/// Where a ``JSONStream`` is in its text, and the state of the objects it has open. Values and field sources share
/// one cursor through a pointer; each of them checks that it is used where the cursor is.
struct JSONStreamCursor {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    /// A byte ≥ 0x80 was seen (inside a string): the whole text gets UTF-8 validation at the end.
    var sawNonASCII = false
    let lenientEnums: Bool
    /// Open objects, `objects[1]` the outermost; `level` is the innermost.
    let objects: UnsafeMutablePointer<JSONStreamObject>
    var level = 0
    /// Open objects and arrays.
    var depth = 0
    /// What the reader carries between documents.
    let memory: UnsafeMutablePointer<JSONStreamMemory>
    /// Tokens of skipped values, thrown away.
    private var scratch: [JSONTape.Token] = []

    init(
        bytes: UnsafePointer<UInt8>, count: Int, objects: UnsafeMutablePointer<JSONStreamObject>, lenientEnums: Bool,
        memory: UnsafeMutablePointer<JSONStreamMemory>
    ) {
        self.bytes = bytes
        self.count = count
        self.objects = objects
        self.lenientEnums = lenientEnums
        self.memory = memory
    }

    func parser(at position: Int) -> JSONTapeParser { JSONTapeParser(bytes: bytes, count: count, position: position) }

    mutating func moved(_ parser: JSONTapeParser) {
        position = parser.position
        if parser.sawNonASCII { sawNonASCII = true }
    }

    @inline(__always)
    mutating func skipWhitespace() { position = JSONTapeParser.afterWhitespace(bytes, from: position, count: count) }

    /// The position just past `pattern` when the text at `at` starts with it, else nil.
    @inline(__always)
    func after(_ pattern: StaticString, at: Int) -> Int? {
        let end = at + pattern.utf8CodeUnitCount
        guard end <= count, equal(bytes + at, pattern.utf8Start, pattern.utf8CodeUnitCount) else { return nil }
        return end
    }

    /// After the root value: only whitespace may follow, and non-ASCII text must be UTF-8.
    mutating func finishDocument(rootStart: Int) throws {
        if level == 1, objects[1].start == rootStart { try closeObject(level: 1) }
        guard level == 0, depth == 0, position > rootStart else { throw ProtoDirectDecodingMiss() }
        skipWhitespace()
        guard position == count else { throw ProtoDirectDecodingMiss() }
        if sawNonASCII {
            guard String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) != nil else {
                throw ProtoDirectDecodingMiss()
            }
        }
    }

    // MARK: Objects

    /// Opens the object at `start`; its level, or nil when there is no object there (or it would nest deeper than
    /// ``JSONTape/maxDepth``).
    mutating func openObject(at start: Int) -> Int? {
        guard start == position, start < count, bytes[start] == UInt8(ascii: "{"), depth < JSONTape.maxDepth else {
            return nil
        }
        let at = JSONTapeParser.afterWhitespace(bytes, from: start + 1, count: count)
        guard at < count, bytes[at] == UInt8(ascii: "}") || bytes[at] == UInt8(ascii: "\"") else { return nil }
        depth += 1
        level += 1
        objects[level] = JSONStreamObject(start: start, depth: depth, ended: bytes[at] == UInt8(ascii: "}"))
        position = at
        return level
    }

    /// The start of member `name`'s value, with `position` there; nil when the member is absent or `null` (then
    /// already read past). `position` is at the next key's opening quote, or at the object's `}`.
    mutating func member(_ name: UnsafeBufferPointer<UInt8>, level: Int) throws -> Int? {
        guard level == self.level else { throw ProtoDirectDecodingMiss() }
        let wanted = name.baseAddress!
        let object = objects[level]
        // Asked out of order, the member could be behind. Every message asks in order (FleetModelTests and
        // TripFollowingTests check each one's requests), so only debug builds pay for checking it here.
        assert(
            object.lastEnd < 0
                || compare(bytes + object.lastStart, object.lastEnd - object.lastStart, wanted, name.count) < 0,
            "\(String(decoding: name, as: UTF8.self)) asked for out of order")
        while !objects[level].ended {
            let order = try keyOrder(wanted, name.count)
            if order > 0 { return nil }
            if order < 0 {
                // A member nobody asks for.
                try readKey(level)
                try skipValue(depth: object.depth)
                try nextMember(level)
                continue
            }
            objects[level].lastStart = position + 1
            objects[level].lastEnd = position + 1 + name.count
            position += name.count + 2
            try colon()
            var parser = parser(at: position)
            if bytes[position] == UInt8(ascii: "n"), parser.literal("null", .null) != nil {
                moved(parser)
                try nextMember(level)
                return nil
            }
            return position
        }
        return nil
    }

    /// Whether the object at `level` is the open one and its next key starts with a byte after `firstByte` (so a
    /// field of that first byte is absent); false when unsure.
    @inline(__always)
    func keySortsAfter(firstByte: UInt8, level: Int) -> Bool {
        level == self.level && !objects[level].ended && position + 1 < count && bytes[position + 1] > firstByte
            && bytes[position + 1] < 0x80 && bytes[position + 1] != UInt8(ascii: "\\")
    }

    /// How the key at `position` (its opening quote) sorts against `name` (plain ASCII), read in place: most
    /// requests are settled by the first bytes or by one comparison of the whole name. A key that would need
    /// unescaping, or holds an `_` or a byte that is not plain ASCII before it differs, is left to the slower paths.
    @inline(__always)
    private func keyOrder(_ name: UnsafePointer<UInt8>, _ length: Int) throws -> Int {
        let key = position + 1
        if key + length < count, bytes[key + length] == UInt8(ascii: "\""), equal(bytes + key, name, length) {
            return 0
        }
        var i = 0
        while key + i < count {
            let byte = bytes[key + i]
            if i == length { return byte == UInt8(ascii: "\"") ? 0 : 1 }  // the name is a prefix of the key
            if byte == name[i] {
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\"") { return -1 }  // the key is a prefix of the name
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "_") else { break }
            return byte < name[i] ? -1 : 1
        }
        throw ProtoDirectDecodingMiss()
    }

    /// Reads the key at `position`, to pass its member: it must be plain (no escape, no `_`: a snake_case key may be
    /// another spelling of a field) and come after the last key. Leaves `position` at the member's value.
    private mutating func readKey(_ level: Int) throws {
        var parser = parser(at: position)
        guard let key = parser.string(), key.flags & (JSONTape.escaped | JSONTape.underscore) == 0 else {
            throw ProtoDirectDecodingMiss()
        }
        moved(parser)
        let object = objects[level]
        if object.lastEnd >= 0,
            compare(bytes + object.lastStart, object.lastEnd - object.lastStart, bytes + key.start, key.end - key.start)
                >= 0
        {
            throw ProtoDirectDecodingMiss()  // keys out of order, or repeated
        }
        objects[level].lastStart = key.start
        objects[level].lastEnd = key.end
        try colon()
    }

    /// Reads past whitespace, a `:` and whitespace, to a member's value.
    @inline(__always)
    private mutating func colon() throws {
        skipWhitespace()
        guard position < count, bytes[position] == UInt8(ascii: ":") else { throw ProtoDirectDecodingMiss() }
        position += 1
        skipWhitespace()
        guard position < count else { throw ProtoDirectDecodingMiss() }
    }

    /// After a member's value has been read: on to the next key, or to the object's end.
    mutating func endMember(level: Int, valueStart: Int) throws {
        try valueRead(level: level, from: valueStart)
        try nextMember(level)
    }

    /// Checks that the value at `start`, in the container at `level`, was read; a message that did not call
    /// `finish()` left its object open, which this closes for it.
    @inline(__always)
    private mutating func valueRead(level: Int, from start: Int) throws {
        if self.level == level + 1, objects[self.level].start == start { try closeObject(level: self.level) }
        guard level == self.level, position > start else { throw ProtoDirectDecodingMiss() }
    }

    @inline(__always)
    private mutating func nextMember(_ level: Int) throws {
        if try separator(closing: UInt8(ascii: "}")) {
            guard position < count, bytes[position] == UInt8(ascii: "\"") else { throw ProtoDirectDecodingMiss() }
        } else {
            objects[level].ended = true
        }
    }

    /// After a value in a container: true after a `,` (and the whitespace after it), false at the container's
    /// `closing` byte (left at it).
    @inline(__always)
    private mutating func separator(closing: UInt8) throws -> Bool {
        skipWhitespace()
        guard position < count else { throw ProtoDirectDecodingMiss() }
        switch bytes[position] {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            return true
        case closing:
            return false
        default:
            throw ProtoDirectDecodingMiss()
        }
    }

    /// Reads past the members nobody asked for and the `}`.
    mutating func closeObject(level: Int) throws {
        guard level == self.level else { throw ProtoDirectDecodingMiss() }
        while !objects[level].ended {
            try readKey(level)
            try skipValue(depth: objects[level].depth)
            try nextMember(level)
        }
        position += 1
        self.level -= 1
        depth -= 1
    }

    /// Checks and reads past the value at `position`, inside a container at `depth`.
    private mutating func skipValue(depth: Int) throws {
        var parser = parser(at: position)
        defer { scratch.removeAll(keepingCapacity: true) }
        guard parser.value(into: &scratch, depth: depth) else { throw ProtoDirectDecodingMiss() }
        moved(parser)
    }

    // MARK: Arrays

    /// Opens the array at `start`, leaving `position` at its first element; false when there is none (`[]`, then
    /// read past) or no array there.
    mutating func openArray(at start: Int) throws -> Bool {
        guard start == position, start < count, bytes[start] == UInt8(ascii: "["), depth < JSONTape.maxDepth else {
            throw ProtoDirectDecodingMiss()
        }
        depth += 1
        position = start + 1
        skipWhitespace()
        if position < count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: true when another follows (`position` is at it), false at the array's end (read past).
    mutating func nextElement(level: Int, elementStart: Int) throws -> Bool {
        try valueRead(level: level, from: elementStart)
        if try separator(closing: UInt8(ascii: "]")) { return true }
        position += 1
        depth -= 1
        return false
    }
}

/// Whether `length` bytes at `a` and `b` are the same: eight at a time, the last eight overlapping the ones before
/// (keys and patterns are short: cheaper than a call to memcmp).
@inline(__always)
private func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    func eight(_ at: Int) -> Bool {
        UnsafeRawPointer(a + at).loadUnaligned(as: UInt64.self)
            == UnsafeRawPointer(b + at).loadUnaligned(as: UInt64.self)
    }
    guard length >= 8 else {
        for i in 0..<length where a[i] != b[i] { return false }
        return true
    }
    var i = 0
    while i + 8 < length {
        if !eight(i) { return false }
        i += 8
    }
    return eight(length - 8)
}

/// Byte order of two keys: negative, zero or positive. Eight bytes at a time, read big-endian so that integer order
/// is byte order: field names share long prefixes (`remainingWaypoints…`, `currentRouteSegment…`).
@inline(__always)
private func compare(_ a: UnsafePointer<UInt8>, _ aCount: Int, _ b: UnsafePointer<UInt8>, _ bCount: Int) -> Int {
    let length = min(aCount, bCount)
    var i = 0
    while i + 8 <= length {
        let x = UInt64(bigEndian: UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self))
        let y = UInt64(bigEndian: UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self))
        if x != y { return x < y ? -1 : 1 }
        i += 8
    }
    while i < length {
        let x = a[i]
        let y = b[i]
        if x != y { return Int(x) - Int(y) }
        i += 1
    }
    return aCount - bCount
}
