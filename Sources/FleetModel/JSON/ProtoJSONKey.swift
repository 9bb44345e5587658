/// A coding key for any JSON member name: proto3 JSON objects are read by field name, not by a fixed key set,
/// because each field may arrive under its lowerCamelCase JSON name or its snake_case proto name.
public struct ProtoJSONKey: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { return nil }

    /// The proto (snake_case) spelling of a lowerCamelCase JSON name: `tripStatus` → `trip_status`.
    static func snakeCase(_ camel: String) -> String {
        var out = ""
        out.reserveCapacity(camel.utf8.count + 4)
        for scalar in camel.unicodeScalars {
            if scalar.properties.isUppercase {
                out.append("_")
                out.append(contentsOf: scalar.properties.lowercaseMapping)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A name folded for case- and underscore-insensitive matching: `currentRouteSegment`, `current_route_segment`
    /// and `currentroutesegment` (as Cloud Logging exports spell it) all fold to the same string.
    static func folded(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.lazy.filter { $0 != "_" })).lowercased()
    }
}
