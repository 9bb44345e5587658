/// JSON text parsed into a flat list of tokens that point into the text, for reading many small documents (the lines
/// of a trip file) fast: no tree of values, no `String` until a field asks for one, and storage reused between
/// documents.
///
/// Parsing is strict RFC 8259 — stricter than Foundation where they could differ: UTF-8 is validated, lone
/// surrogate escapes, leading zeros and nesting deeper than ``maxDepth`` are refused — so that a document the tape
/// accepts is one Foundation's `JSONDecoder` reads the same way. Anything refused goes to the general path.
public struct JSONTape {
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// One value. Strings and numbers span `start..<end` in the text (a string without its quotes). An array or
    /// object spans the tokens `index + 1 ..< end` and holds `count` elements or members; an object's members are
    /// key and value tokens in turn.
    ///
    /// A key (a string before a member's value) also carries `count`, the index of the next key token (past its
    /// value), and `signature`, a digest of its bytes (see ``JSONTape/signature(_:_:)``), so that looking up a
    /// field skips most members with one comparison each.
    struct Token {
        var kind: Kind
        var flags: UInt8
        var signature: UInt16 = 0
        var count: UInt32
        var start: Int
        var end: Int
    }

    /// The bit of an object's key filter for a key with this signature: an object's `start` (which objects do not
    /// otherwise use) holds the bits of all its keys, so a field whose bit is clear is absent without looking at any
    /// member — and most fields of a message are absent.
    static func filterBit(_ signature: UInt16) -> Int { 1 &<< Int((signature &* 0x9E37) >> 10) }

    /// The key digest: its length and its last byte, which tell apart nearly all field names of a message.
    static func signature(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt16 {
        count == 0 ? 0 : UInt16(truncatingIfNeeded: count) | UInt16(bytes[count - 1]) << 8
    }

    /// String flags.
    static let escaped: UInt8 = 1
    static let underscore: UInt8 = 2
    /// Number flag: digits only, no fraction or exponent.
    static let integral: UInt8 = 4
    /// Object flags: a key needs unescaping or has an `_` (a snake_case name), so fields cannot be matched by bytes.
    static let oddKeys: UInt8 = 8
    /// Object flag: the keys are in strictly increasing byte order (as tripterm writes them), hence unique.
    static let sortedKeys: UInt8 = 16

    static let maxDepth = 100

    var tokens: [Token] = []

    public init() {}

    /// Parses one JSON text, replacing what the tape held; false when it is not valid JSON (or not one the tape
    /// reads: see above).
    public mutating func parse(_ text: UnsafeRawBufferPointer) -> Bool {
        tokens.removeAll(keepingCapacity: true)
        guard let base = text.baseAddress, text.count > 0 else { return false }
        var parser = JSONTapeParser(bytes: base.assumingMemoryBound(to: UInt8.self), count: text.count)
        guard parser.parseDocument(into: &tokens) else { return false }
        if parser.sawNonASCII {
            // Non-ASCII bytes are only legal inside strings; check they are well-formed UTF-8 in one pass.
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: text.count)
            guard String(validating: bytes, as: UTF8.self) != nil else { return false }
        }
        return true
    }

    /// Calls `body` with the document's root value. Values borrow the tape and `text`, which must be the text last
    /// parsed: they are valid only inside `body`.
    public func withRoot<R>(
        in text: UnsafeRawBufferPointer, lenientEnums: Bool = false, rejectUnknownFields: Bool = false,
        _ body: (JSONTapeValue) throws -> R
    ) rethrows -> R {
        precondition(!tokens.isEmpty, "withRoot before a successful parse")
        return try tokens.withUnsafeBufferPointer { tokens in
            let bytes = text.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return try body(
                JSONTapeValue(
                    tokens: tokens.baseAddress!, bytes: bytes, index: 0, lenientEnums: lenientEnums,
                    rejectUnknownFields: rejectUnknownFields))
        }
    }
}
