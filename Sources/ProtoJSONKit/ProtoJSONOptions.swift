/// How strictly proto3 JSON is read. Passed to Foundation's `JSONDecoder` through `userInfo[.protoJSONDecoding]`.
///
/// The defaults read what a conformant proto3 JSON writer emits and ignore unknown fields, as a client reading a
/// newer server's responses must. A server reading request bodies turns `rejectUnknownFields` on, as Google's front
/// ends do; importers of Cloud Logging exports turn on `caseInsensitiveKeys`.
public struct ProtoJSONDecodingOptions: Sendable {
    /// A member that names no field of the message is an error instead of being skipped.
    public var rejectUnknownFields: Bool
    /// An enum name or number this build does not know decodes as the enum's zero value instead of failing.
    public var lenientEnums: Bool
    /// Field names match ignoring case and underscores (Cloud Logging exports lower-case every key).
    public var caseInsensitiveKeys: Bool

    public init(rejectUnknownFields: Bool = false, lenientEnums: Bool = false, caseInsensitiveKeys: Bool = false) {
        self.rejectUnknownFields = rejectUnknownFields
        self.lenientEnums = lenientEnums
        self.caseInsensitiveKeys = caseInsensitiveKeys
    }

    /// For request bodies: unknown fields and unknown enum values are errors.
    public static let strict = ProtoJSONDecodingOptions(rejectUnknownFields: true)
    /// For responses: unknown fields are skipped and unknown enum values read as unspecified.
    public static let lenient = ProtoJSONDecodingOptions(lenientEnums: true)
}

/// How proto3 JSON is written. Passed to `JSONEncoder` through `userInfo[.protoJSONEncoding]`.
public struct ProtoJSONEncodingOptions: Sendable {
    /// Enums as numbers, as Google's REST clients ask with `$alt=json;enum-encoding=int`; names otherwise.
    public var enumsAsIntegers: Bool

    public init(enumsAsIntegers: Bool = false) {
        self.enumsAsIntegers = enumsAsIntegers
    }
}

extension CodingUserInfoKey {
    /// Carries a ``ProtoJSONDecodingOptions``.
    public static let protoJSONDecoding = CodingUserInfoKey(rawValue: "tripterm.protoJSONDecoding")!
    /// Carries a ``ProtoJSONEncodingOptions``.
    public static let protoJSONEncoding = CodingUserInfoKey(rawValue: "tripterm.protoJSONEncoding")!
}

extension Decoder {
    var protoDecodingOptions: ProtoJSONDecodingOptions {
        userInfo[.protoJSONDecoding] as? ProtoJSONDecodingOptions ?? ProtoJSONDecodingOptions()
    }
}

extension Encoder {
    var protoEncodingOptions: ProtoJSONEncodingOptions {
        userInfo[.protoJSONEncoding] as? ProtoJSONEncodingOptions ?? ProtoJSONEncodingOptions()
    }
}
