/// Reads the fields of one proto3 JSON object.
///
/// Each field is looked up under its lowerCamelCase JSON name, then its snake_case proto name (both are valid proto3
/// JSON input), then, when the options ask for it, case- and underscore-insensitively. A member set to `null` reads
/// as unset. `finish()` enforces `rejectUnknownFields` once every known field has been asked for.
public final class ProtoReader {
    private let container: KeyedDecodingContainer<ProtoJSONKey>
    private let options: ProtoJSONDecodingOptions
    private var consumed: Set<String> = []
    private lazy var foldedKeys: [String: ProtoJSONKey] = Dictionary(
        container.allKeys.map { (ProtoJSONKey.folded($0.stringValue), $0) },
        uniquingKeysWith: { first, _ in first }
    )

    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: ProtoJSONKey.self)
        options = decoder.protoDecodingOptions
    }

    private func key(for name: String) -> ProtoJSONKey? {
        let camel = ProtoJSONKey(name)
        if container.contains(camel) { return camel }
        let snake = ProtoJSONKey(ProtoJSONKey.snakeCase(name))
        if snake != camel, container.contains(snake) { return snake }
        if options.caseInsensitiveKeys { return foldedKeys[ProtoJSONKey.folded(name)] }
        return nil
    }

    /// A singular field, or nil when it is absent or `null`.
    public func callAsFunction<T: ProtoJSONField>(_ name: String) throws -> T? {
        guard let key = key(for: name) else { return nil }
        consumed.insert(key.stringValue)
        if try container.decodeNil(forKey: key) { return nil }
        return try container.decode(ProtoFieldBox<T>.self, forKey: key).value
    }

    /// A singular non-wrapper field, or its default when absent.
    public func callAsFunction<T: ProtoJSONField>(_ name: String, default value: T) throws -> T {
        try self(name) ?? value
    }

    /// A repeated field; absent or `null` reads as empty.
    public func repeated<T: ProtoJSONField>(_ name: String) throws -> [T] {
        guard let key = key(for: name) else { return [] }
        consumed.insert(key.stringValue)
        if try container.decodeNil(forKey: key) { return [] }
        return try container.decode([ProtoFieldBox<T>].self, forKey: key).map(\.value)
    }

    /// Whether the object has a member for this field (even `null`).
    public func has(_ name: String) -> Bool { key(for: name) != nil }

    /// Fails on a member no field asked for, when the options reject unknown fields.
    public func finish() throws {
        guard options.rejectUnknownFields else { return }
        for key in container.allKeys where !consumed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "unknown field \"\(key.stringValue)\"")
        }
    }
}
