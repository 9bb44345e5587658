import FleetModel

/// Parses an export straight into folded ``JSONValue``s (see ``LogKeyFolding``) through FleetModel's ``JSONTape``,
/// several times faster than `JSONSerialization` followed by a folding walk over its `NSDictionary`s.
///
/// It gives up (nil) on what it cannot settle as `JSONSerialization` would, and ``LogKeyFolding/parse(_:)`` then
/// takes the Foundation path: invalid JSON (for Foundation's error message), two keys of one object that fold to
/// the same name (which one wins depends on Foundation's dictionary), numbers beyond Double's range.
struct LogJSONParser {
    private var tape = JSONTape()

    mutating func parse(_ text: UnsafeRawBufferPointer) -> JSONValue? {
        guard tape.parse(text) else { return nil }
        return tape.withRoot(in: text) { Self.folded($0) }
    }

    private static func folded(_ value: JSONTapeValue) -> JSONValue? {
        switch value.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            // JSONSerialization reads an integer as an integer and hands it over as a Double (so `-0` is 0).
            if let integer = value.integer(Int64.self) { return .number(Double(integer)) }
            return value.double().map(JSONValue.number)
        case .string:
            return value.string().map(JSONValue.string)
        case .array:
            var items: [JSONValue] = []
            items.reserveCapacity(value.count)
            for element in (value.elements() ?? []) {
                guard let item = folded(element) else { return nil }
                items.append(item)
            }
            return .array(items)
        case .object:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(value.count)
            var collided = false
            value.forEachMember { key, member in
                guard !collided else { return }
                let name = key.withPlainASCII(foldASCII) ?? LogKeyFolding.fold(key.string() ?? "")
                guard members[name] == nil, let item = folded(member) else {
                    collided = true
                    return
                }
                members[name] = item
            }
            return collided ? nil : .object(members)
        }
    }

    /// ``LogKeyFolding/fold(_:)`` for an ASCII key: lower-cased, underscores dropped.
    private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var needsWork = false
        for byte in bytes where byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) {
            needsWork = true
            break
        }
        guard needsWork else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            var n = 0
            for byte in bytes where byte != UInt8(ascii: "_") {
                out[n] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                n += 1
            }
            return n
        }
    }
}
