import Foundation

/// Proto3 JSON read in one forward pass, straight into messages: no tape of tokens, no lookups. The fastest direct
/// source, for text whose objects have their keys in increasing byte order — what tripterm writes (`sortedKeys`),
/// so every line of a trip file and every row the server stores.
///
/// Messages ask for their fields in that same order (see ``ProtoFieldSource``), so each request looks only at the
/// next key of the text: a key before the name asked for is a member nobody asks for (its value is checked and
/// skipped), the name itself is the field, a key after it means the field is absent. Anything else — keys out of
/// order or repeated, a request out of order, a snake_case or escaped key, any value a field does not take, any
/// text the ``JSONTape`` would refuse — throws ``ProtoDirectDecodingMiss``, and the caller reads the text by a slower
/// path, which settles it. Values are scanned by ``JSONTape``'s own scanners, so the two accept exactly the same JSON.
///
/// One reader per thread: it keeps what consecutive documents (the snapshots of one trip) repeat — the last long
/// strings it made, each repeated field's last text and elements, the enum names it found and the day of the last
/// timestamp (see ``JSONStreamMemory``) — none of which changes what it reads.
public struct JSONStream: Sendable {
    var memory = JSONStreamMemory()

    public init() {}

    /// Calls `body` with the root value of `text` and returns what it returns, once the whole text has been read and
    /// found valid. Values borrow the text: use them only inside `body`, each once, in the order of the text.
    ///
    /// - Throws: ``ProtoDirectDecodingMiss`` when the text is not what the stream reads (see above), or whatever
    ///   `body` throws.
    public mutating func read<R>(
        _ text: UnsafeRawBufferPointer, lenientEnums: Bool = false, _ body: (JSONStreamValue) throws -> R
    ) throws -> R {
        try document(text, lenientEnums: lenientEnums, body)
    }

    /// ``read(_:lenientEnums:_:)`` for a body that returns nothing, compiled here once: called from another module,
    /// the generic version runs unspecialized and looks up type metadata for every document.
    public mutating func read(
        _ text: UnsafeRawBufferPointer, lenientEnums: Bool = false, _ body: (JSONStreamValue) throws -> Void
    ) throws {
        try document(text, lenientEnums: lenientEnums, body)
    }

    private mutating func document<R>(
        _ text: UnsafeRawBufferPointer, lenientEnums: Bool, _ body: (JSONStreamValue) throws -> R
    ) throws -> R {
        guard let base = text.baseAddress, text.count > 0 else { throw ProtoDirectDecodingMiss() }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        return try withUnsafeMutablePointer(to: &memory) { memory in
            try withUnsafeTemporaryAllocation(of: JSONStreamObject.self, capacity: JSONTape.maxDepth + 1) { objects in
                var cursor = JSONStreamCursor(
                    bytes: bytes, count: text.count, objects: objects.baseAddress!, lenientEnums: lenientEnums,
                    memory: memory)
                return try withUnsafeMutablePointer(to: &cursor) { cursor in
                    cursor.pointee.skipWhitespace()
                    let root = JSONStreamValue(cursor: cursor, start: cursor.pointee.position)
                    let result = try body(root)
                    try cursor.pointee.finishDocument(rootStart: root.start)
                    return result
                }
            }
        }
    }
}

/// What a reader carries from one document to the next, used in place (not copied in and out for each document).
struct JSONStreamMemory: Sendable {
    var strings = JSONStreamStrings()
    var repeatedFields = JSONStreamRepeatedFields()
    var enumNames = JSONStreamEnumNames()
    /// The date of the last timestamp read (see ``ProtoTimestamp/parseRFC3339(_:lastDay:)``).
    var lastDay: RFC3339Day?
}

/// What the reader knows of one open object: whether it has ended, and the last key it has passed.
struct JSONStreamObject {
    /// Where the object's `{` is, so that a parent can tell its child left it open.
    var start: Int
    /// JSON nesting depth of the object (the root object is 1), as ``JSONTape`` counts it.
    var depth: Int
    /// The `}` is at the cursor's position: no more members.
    var ended: Bool
    /// The last key read past (asked for or skipped); `lastEnd < 0` before the first.
    var lastStart = 0
    var lastEnd = -1
}

/// The long strings made last, reused while they match: a trip file repeats its trip's name and enum names on every
/// line, and making each again would be an allocation apiece.
struct JSONStreamStrings: Sendable {
    private var strings: [String] = []
    private var next = 0
    private static let capacity = 8

    /// The text of plain ASCII bytes, from the cache when it holds them. Strings of up to 15 bytes are stored inline
    /// in a `String` and need no cache.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        for string in strings {
            let same = string.utf8.withContiguousStorageIfAvailable { stored in
                stored.count == bytes.count && memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
            if same == true { return string }
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if strings.count < Self.capacity {
            strings.append(string)
        } else {
            strings[next] = string
            next = (next + 1) % Self.capacity
        }
        return string
    }
}

/// Enum names read before and the values they named, so that a name read again for the same enum type is matched
/// in place — compared with the text, without scanning the string or walking the type's names: a trip file's
/// snapshots repeat their status, type, view, waypoint types and sensors on every line. Each type keeps its last
/// few names (names longer than ``maxLength`` are not kept); a miss costs only the usual read.
struct JSONStreamEnumNames: Sendable {
    private struct Entry {
        /// The enum type, by its metadata's address; 0 for an empty entry.
        var type: UInt = 0
        var length = 0
        var rawValue: Int32 = 0
    }

    static let maxLength = 40
    /// Names kept per type, and the types' groups of entries.
    private static let ways = 4
    private static let groups = 8

    private var entries = [Entry](repeating: Entry(), count: groups * ways)
    private var names = [UInt8](repeating: 0, count: groups * ways * maxLength)
    /// The entry of each group to replace next.
    private var next = [Int](repeating: 0, count: groups)

    private static func type<E: ProtoEnum>(_ type: E.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(type)) }

    private static func group(_ type: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: type) &* 0x9E37_79B9_7F4A_7C15) >> 61)
    }

    /// The value of `E` whose remembered name is spelled at `text` (just after the opening quote) and closed by a
    /// quote within `available` bytes, and the name's length.
    func match<E: ProtoEnum>(_ text: UnsafePointer<UInt8>, available: Int, as _: E.Type) -> (E, Int)? {
        let type = Self.type(E.self)
        let first = Self.group(type) * Self.ways
        return names.withUnsafeBufferPointer { names -> (E, Int)? in
            for index in first..<first + Self.ways {
                let entry = entries[index]
                guard entry.type == type, entry.length < available, text[entry.length] == UInt8(ascii: "\""),
                    memcmp(names.baseAddress! + index * Self.maxLength, text, entry.length) == 0,
                    let value = E(rawValue: entry.rawValue)
                else { continue }
                return (value, entry.length)
            }
            return nil
        }
    }

    /// Keeps `name` (plain ASCII: no quote, escape or control byte) as the spelling of `value`.
    mutating func remember<E: ProtoEnum>(_ value: E, named name: UnsafeBufferPointer<UInt8>) {
        guard !name.isEmpty, name.count <= Self.maxLength else { return }
        let type = Self.type(E.self)
        let group = Self.group(type)
        let index = group * Self.ways + next[group]
        next[group] = (next[group] + 1) % Self.ways
        entries[index] = Entry(type: type, length: name.count, rawValue: value.rawValue)
        names.withUnsafeMutableBufferPointer { names in
            UnsafeMutableRawPointer(names.baseAddress! + index * Self.maxLength).copyMemory(
                from: name.baseAddress!, byteCount: name.count)
        }
    }
}
