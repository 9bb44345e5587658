import Foundation

// A proto `bytes` field is held as `Data` (as swift-protobuf holds it, so the gRPC conversions copy nothing) and
// spelt in proto3 JSON as base64: written in the standard alphabet with padding, read in the standard or the
// URL-safe alphabet, padded or not, as the mapping says parsers must accept.

extension Data: ProtoJSONField {
    public init(protoJSON decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let data = Data(protoBase64: text) else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "invalid bytes: expected base64, standard or URL-safe")
        }
        self = data
    }

    public init<V: ProtoValueSource>(protoValue value: V) throws {
        guard let text = value.string(), let data = Data(protoBase64: text) else { throw ProtoDirectDecodingMiss() }
        self = data
    }

    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(base64EncodedString())
    }

    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { out.writeString(base64EncodedString()) }

    public var isProtoDefault: Bool { isEmpty }

    /// Base64 in either alphabet, with or without padding; nil for anything else.
    public init?(protoBase64 text: String) {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        if standard.count % 4 != 0 { standard += String(repeating: "=", count: 4 - standard.count % 4) }
        guard let data = Data(base64Encoded: standard) else { return nil }
        self = data
    }
}
