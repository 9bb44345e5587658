/// Reads the fields of one proto3 JSON object.
///
/// Each field is looked up under its lowerCamelCase JSON name, then its snake_case proto name (both are valid proto3
/// JSON input), then, when the options ask for it, case- and underscore-insensitively. A member set to `null` reads
/// as unset. `finish()` enforces `rejectUnknownFields` once every known field has been asked for.
public final class ProtoReader {
    private let container: KeyedDecodingContainer<ProtoJSONKey>
    private let options: ProtoJSONDecodingOptions
    /// The object's members by the name a field asks for: the lowerCamelCase name (a snake_case member is filed
    /// under its camelCase form), or the folded name in case-insensitive mode. Built once from the members that
    /// are present, so asking for the many absent fields of a message costs one hash lookup each.
    private let members: [String: ProtoJSONKey]
    /// Member names that a field asked for; tracked only to reject unknown fields.
    private var consumed: Set<String> = []

    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: ProtoJSONKey.self)
        options = decoder.protoDecodingOptions
        var members: [String: ProtoJSONKey] = [:]
        let caseInsensitive = options.caseInsensitiveKeys
        for key in container.allKeys {
            let name = key.stringValue
            let index =
                caseInsensitive
                ? ProtoJSONKey.folded(name)
                : name.utf8.contains(UInt8(ascii: "_")) ? ProtoJSONKey.camelCase(name) : name
            // An exact lowerCamelCase member wins over a snake_case or differently cased twin.
            if let existing = members[index], existing.stringValue == index || name != index {
                continue
            }
            members[index] = key
        }
        self.members = members
    }

    private func key(for name: String) -> ProtoJSONKey? {
        members[options.caseInsensitiveKeys ? ProtoJSONKey.folded(name) : name]
    }

    /// A singular field, or nil when it is absent or `null`.
    public func callAsFunction<T: ProtoJSONField>(_ name: String) throws -> T? {
        guard let key = key(for: name) else { return nil }
        if options.rejectUnknownFields { consumed.insert(key.stringValue) }
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
        if options.rejectUnknownFields { consumed.insert(key.stringValue) }
        if try container.decodeNil(forKey: key) { return [] }
        return try container.decode([ProtoFieldBox<T>].self, forKey: key).map(\.value)
    }

    /// Whether the object has a member for this field (even `null`).
    public func has(_ name: String) -> Bool { key(for: name) != nil }

    /// Fails because the object sets several members of one oneof, naming them.
    func conflict(_ members: [String]) throws {
        let key = members.last.flatMap(key(for:)) ?? container.allKeys[0]
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "only one member of a oneof may be set, not \(members.joined(separator: " and "))")
    }

    /// Fails on a member no field asked for, when the options reject unknown fields.
    public func finish() throws {
        guard options.rejectUnknownFields else { return }
        for key in container.allKeys where !consumed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "unknown field \"\(key.stringValue)\"")
        }
    }
}
