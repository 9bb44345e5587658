/// Writes the fields of one proto3 JSON object under their lowerCamelCase names.
///
/// The overloads carry proto3's presence rules: a plain scalar or enum is omitted at its default, an optional
/// (message, wrapper type, `optional` scalar) is written whenever it is set — so a wrapper set to zero appears as
/// `"heading": 0` — and a repeated field is omitted when empty. Used by `Codable` (pretty output, other encoders);
/// ``ProtoJSONOutput`` writes the same bytes without Foundation.
public struct ProtoWriter: ProtoFieldWriter {
    private var container: KeyedEncodingContainer<ProtoJSONKey>

    public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: ProtoJSONKey.self)
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T) throws {
        guard !value.isProtoDefault else { return }
        try container.encode(ProtoFieldBox(value), forKey: ProtoJSONKey(name.description))
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T?) throws {
        guard let value else { return }
        try container.encode(ProtoFieldBox(value), forKey: ProtoJSONKey(name.description))
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ values: [T]) throws {
        guard !values.isEmpty else { return }
        try container.encode(values.map(ProtoFieldBox.init), forKey: ProtoJSONKey(name.description))
    }
}
