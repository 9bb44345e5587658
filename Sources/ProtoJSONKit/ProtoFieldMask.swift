/// `google.protobuf.FieldMask`: the paths an Update call replaces. proto3 JSON writes it as one comma-separated
/// string (`"vehicleId,tripStatus"`), which is also how REST sends it as the `updateMask` query parameter.
///
/// The paths are kept as sent, neither trimmed nor converted between snake_case and lowerCamelCase: the server
/// checks them, and names the mask as the caller wrote it when one is wrong.
public struct ProtoFieldMask: Hashable, Sendable {
    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }

    /// The mask a comma-separated text spells; the empty text is the empty mask.
    public init(text: String) {
        paths = text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// The comma-separated form.
    public var text: String { paths.joined(separator: ",") }
}

extension ProtoFieldMask: ProtoJSONField {
    public init(protoJSON decoder: any Decoder) throws {
        self.init(text: try decoder.singleValueContainer().decode(String.self))
    }

    public init<V: ProtoValueSource>(protoValue value: V) throws {
        guard let text = value.string() else { throw ProtoDirectDecodingMiss() }
        self.init(text: text)
    }

    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }

    /// A message type: written whenever set, even empty.
    public var isProtoDefault: Bool { false }
}

extension ProtoFieldMask {
    /// A path as proto3 JSON spells it, from protobuf's snake_case (`trip_status.x` → `tripStatus.x`), by protoc's
    /// rule (``ProtoJSONKey``'s); a path already in lowerCamelCase is unchanged.
    public static func jsonPath(_ protoPath: String) -> String {
        protoPath.utf8.contains(UInt8(ascii: "_")) ? ProtoJSONKey.camelCase(protoPath) : protoPath
    }

    /// A path as protobuf spells it, from proto3 JSON's lowerCamelCase (`tripStatus` → `trip_status`).
    public static func protoPath(_ jsonPath: String) -> String {
        guard jsonPath.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            return jsonPath
        }
        var out = ""
        for character in jsonPath {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
