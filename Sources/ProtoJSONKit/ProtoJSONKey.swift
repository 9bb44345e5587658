/// A coding key for any JSON member name: proto3 JSON objects are read by field name, not by a fixed key set,
/// because each field may arrive under its lowerCamelCase JSON name or its snake_case proto name.
public struct ProtoJSONKey: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { return nil }

    /// The lowerCamelCase JSON name of a snake_case proto name: `trip_status` → `tripStatus` (protoc's rule: a letter
    /// after `_` is upper-cased, the `_` dropped).
    static func camelCase(_ snake: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(snake.utf8.count)
        var upperNext = false
        for byte in snake.utf8 {
            if byte == UInt8(ascii: "_") {
                upperNext = true
            } else if upperNext, byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
                out.append(byte - 32)
                upperNext = false
            } else {
                out.append(byte)
                upperNext = false
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A name folded for case- and underscore-insensitive matching: `currentRouteSegment`, `current_route_segment`
    /// and `currentroutesegment` (as Cloud Logging exports spell it) all fold to the same string.
    static func folded(_ name: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for byte in name.utf8 where byte != UInt8(ascii: "_") {
            out.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
