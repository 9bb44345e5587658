/// The scanner behind ``JSONTape``: one recursive-descent pass over the bytes that checks the grammar and appends a
/// token per value. ``JSONStream`` uses its scanners one value at a time, so both read exactly the same JSON.
struct JSONTapeParser {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    var position: Int
    /// A byte ≥ 0x80 was seen (inside a string), so the text needs UTF-8 validation.
    private(set) var sawNonASCII = false

    init(bytes: UnsafePointer<UInt8>, count: Int, position: Int = 0) {
        self.bytes = bytes
        self.count = count
        self.position = position
    }

    mutating func parseDocument(into tokens: inout [JSONTape.Token]) -> Bool {
        skipWhitespace()
        guard value(into: &tokens, depth: 0) else { return false }
        skipWhitespace()
        return position == count
    }

    mutating func skipWhitespace() { position = Self.afterWhitespace(bytes, from: position, count: count) }

    /// The first position at or after `position` that is not JSON whitespace.
    @inline(__always)
    static func afterWhitespace(_ bytes: UnsafePointer<UInt8>, from position: Int, count: Int) -> Int {
        var position = position
        while position < count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return position
            }
        }
        return position
    }

    mutating func value(into tokens: inout [JSONTape.Token], depth: Int) -> Bool {
        guard position < count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object(into: &tokens, depth: depth + 1)
        case UInt8(ascii: "["): return array(into: &tokens, depth: depth + 1)
        case UInt8(ascii: "\""):
            guard let token = string() else { return false }
            tokens.append(token)
            return true
        case UInt8(ascii: "t"): return append(literal("true", .true), to: &tokens)
        case UInt8(ascii: "f"): return append(literal("false", .false), to: &tokens)
        case UInt8(ascii: "n"): return append(literal("null", .null), to: &tokens)
        default: return append(number(), to: &tokens)
        }
    }

    private func append(_ token: JSONTape.Token?, to tokens: inout [JSONTape.Token]) -> Bool {
        guard let token else { return false }
        tokens.append(token)
        return true
    }

    /// The literal `word` at `position` and the position past it, or nil.
    mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind) -> JSONTape.Token? {
        let length = word.utf8CodeUnitCount
        guard count - position >= length else { return nil }
        for i in 0..<length where bytes[position + i] != word.utf8Start[i] { return nil }
        defer { position += length }
        return JSONTape.Token(kind: kind, flags: 0, count: 0, start: position, end: position + length)
    }

    private mutating func object(into tokens: inout [JSONTape.Token], depth: Int) -> Bool {
        guard depth <= JSONTape.maxDepth else { return false }
        let at = tokens.count
        tokens.append(JSONTape.Token(kind: .object, flags: JSONTape.sortedKeys, count: 0, start: position, end: 0))
        position += 1
        skipWhitespace()
        var members: UInt32 = 0
        var flags = JSONTape.sortedKeys
        var filter = 0
        var previousKey: (start: Int, end: Int)?
        if position < count, bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < count, bytes[position] == UInt8(ascii: "\""), var key = string() else { return false }
                key.signature = JSONTape.signature(bytes + key.start, key.end - key.start)
                filter |= JSONTape.filterBit(key.signature)
                if key.flags & (JSONTape.escaped | JSONTape.underscore) != 0 { flags |= JSONTape.oddKeys }
                if let previous = previousKey, !precedes(previous, (key.start, key.end)) {
                    flags &= ~JSONTape.sortedKeys
                }
                previousKey = (key.start, key.end)
                let keyIndex = tokens.count
                tokens.append(key)
                skipWhitespace()
                guard position < count, bytes[position] == UInt8(ascii: ":") else { return false }
                position += 1
                skipWhitespace()
                guard value(into: &tokens, depth: depth) else { return false }
                tokens[keyIndex].count = UInt32(tokens.count)
                members += 1
                skipWhitespace()
                guard position < count else { return false }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                } else if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    break
                } else {
                    return false
                }
            }
        }
        tokens[at].count = members
        tokens[at].flags = flags
        tokens[at].start = filter
        tokens[at].end = tokens.count
        return true
    }

    /// Whether the bytes of key `a` sort strictly before those of key `b`.
    private func precedes(_ a: (start: Int, end: Int), _ b: (start: Int, end: Int)) -> Bool {
        let length = min(a.end - a.start, b.end - b.start)
        for i in 0..<length {
            let x = bytes[a.start + i]
            let y = bytes[b.start + i]
            if x != y { return x < y }
        }
        return a.end - a.start < b.end - b.start
    }

    private mutating func array(into tokens: inout [JSONTape.Token], depth: Int) -> Bool {
        guard depth <= JSONTape.maxDepth else { return false }
        let at = tokens.count
        tokens.append(JSONTape.Token(kind: .array, flags: 0, count: 0, start: position, end: 0))
        position += 1
        skipWhitespace()
        var elements: UInt32 = 0
        if position < count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                guard value(into: &tokens, depth: depth) else { return false }
                elements += 1
                skipWhitespace()
                guard position < count else { return false }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    break
                } else {
                    return false
                }
            }
        }
        tokens[at].count = elements
        tokens[at].end = tokens.count
        return true
    }

    /// A string token, the position past its closing quote; nil on a control character, a bad escape or a lone
    /// surrogate.
    mutating func string() -> JSONTape.Token? {
        position += 1
        let start = position
        var flags: UInt8 = 0
        while position < count {
            // Eight ordinary bytes at a time (none a quote, backslash, control, non-ASCII or underscore byte), by
            // the bit tricks for "has a zero byte" / "has a byte below n" on a 64-bit word.
            while position + 8 <= count {
                let word = UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self)
                guard !Self.hasSpecialByte(word) else { break }
                position += 8
            }
            guard position < count else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let token = JSONTape.Token(kind: .string, flags: flags, count: 0, start: start, end: position)
                position += 1
                return token
            }
            if byte == UInt8(ascii: "\\") {
                flags |= JSONTape.escaped
                guard escape() else { return nil }
                continue
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { sawNonASCII = true }
            if byte == UInt8(ascii: "_") { flags |= JSONTape.underscore }
            position += 1
        }
        return nil
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether a byte of `word` is `"`, `\\`, `_`, below 0x20 or 0x80 and above.
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let special = hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C)) | hasZero(word ^ (ones &* 0x5F))
        return (special | below20 | (word & highs)) != 0
    }

    /// Checks one escape at `position` (a backslash) and moves past it; a high surrogate must be followed by an
    /// escaped low one.
    private mutating func escape() -> Bool {
        guard position + 1 < count else { return false }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
            return true
        case UInt8(ascii: "u"):
            guard let unit = JSONTapeStrings.hex4(bytes, position + 2, count) else { return false }
            position += 6
            if (0xDC00...0xDFFF).contains(unit) { return false }
            guard (0xD800...0xDBFF).contains(unit) else { return true }
            guard position + 1 < count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                let low = JSONTapeStrings.hex4(bytes, position + 2, count), (0xDC00...0xDFFF).contains(low)
            else { return false }
            position += 6
            return true
        default:
            return false
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` at `position`, and the position past it; nil if the text
    /// there is not a number.
    mutating func number() -> JSONTape.Token? {
        let start = position
        var integral = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(bytes[position]) else { return nil }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < count, isDigit(bytes[position]) { position += 1 }
        }
        if position < count, bytes[position] == UInt8(ascii: ".") {
            integral = false
            position += 1
            guard position < count, isDigit(bytes[position]) else { return nil }
            while position < count, isDigit(bytes[position]) { position += 1 }
        }
        if position < count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            integral = false
            position += 1
            if position < count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < count, isDigit(bytes[position]) else { return nil }
            while position < count, isDigit(bytes[position]) { position += 1 }
        }
        guard position == count || Self.endsNumber(bytes[position]) else { return nil }
        return JSONTape.Token(
            kind: .number, flags: integral ? JSONTape.integral : 0, count: 0, start: start, end: position)
    }

    /// Whether `byte` may follow a number: a number runs into the next structural character or whitespace, so
    /// `1x` or `01` is not JSON.
    @inline(__always)
    static func endsNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: true
        default: false
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
