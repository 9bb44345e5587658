import Foundation

extension JSONValue {
    /// A message as its proto3 JSON tree (`null` if it cannot be encoded), for printers that nest Fleet Engine
    /// messages inside lines of their own.
    public init(protoJSONOf value: some Encodable) {
        guard let data = try? ProtoJSON.encode(value) else {
            self = .null
            return
        }
        self = (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null
    }
}

extension JSONValue {
    /// Writes the value as compact JSON, object members in the byte order of their keys: for the same value the same
    /// bytes every time — those `JSONEncoder` writes with sorted keys — without its boxes (an event is stored and
    /// sent this way once per write). A number that is not finite, which JSON cannot hold, is written as null.
    public func writeJSON(to out: inout ProtoJSONOutput) {
        switch self {
        case .null: out.writeJSON("null".utf8)
        case .bool(let flag): out.writeBool(flag)
        case .number(let number):
            if number.isFinite { out.writeNumber(number) } else { out.writeJSON("null".utf8) }
        case .string(let text): out.writeString(text)
        case .array(let items):
            out.writeJSON(CollectionOfOne(UInt8(ascii: "[")))
            for (index, item) in items.enumerated() {
                if index > 0 { out.writeJSON(CollectionOfOne(UInt8(ascii: ","))) }
                item.writeJSON(to: &out)
            }
            out.writeJSON(CollectionOfOne(UInt8(ascii: "]")))
        case .object(let members):
            out.writeJSON(CollectionOfOne(UInt8(ascii: "{")))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, (key, value)) in sorted.enumerated() {
                if index > 0 { out.writeJSON(CollectionOfOne(UInt8(ascii: ","))) }
                out.writeString(key)
                out.writeJSON(CollectionOfOne(UInt8(ascii: ":")))
                value.writeJSON(to: &out)
            }
            out.writeJSON(CollectionOfOne(UInt8(ascii: "}")))
        }
    }

    /// The value as compact JSON text (``writeJSON(to:)``).
    public var compactJSONText: String {
        var out = ProtoJSONOutput(capacity: 128)
        writeJSON(to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
