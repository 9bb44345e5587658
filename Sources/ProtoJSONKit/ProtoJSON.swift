import Foundation

/// Entry points for reading and writing Fleet Engine messages as proto3 JSON with Foundation's coders.
public enum ProtoJSON {
    public static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, options: ProtoJSONDecodingOptions = .init()
    ) throws(ProtoJSONError) -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[.protoJSONDecoding] = options
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw ProtoJSONError(error)
        } catch {
            throw ProtoJSONError(path: "", message: "\(error)")
        }
    }

    public static func decode<T: Decodable>(
        _ type: T.Type, from text: String, options: ProtoJSONDecodingOptions = .init()
    ) throws(ProtoJSONError) -> T {
        try decode(type, from: Data(text.utf8), options: options)
    }

    /// Compact JSON (keys sorted, so output is stable for tests, diffs and recordings). A message is written
    /// straight into bytes (``ProtoJSONOutput``, the same bytes); pretty output and other values go through
    /// `JSONEncoder`.
    public static func encode<T: Encodable>(
        _ value: T, options: ProtoJSONEncodingOptions = .init(), pretty: Bool = false
    ) throws -> Data {
        if !pretty {
            // Through the requirement, whose witness runs the writer specialized for the message's type.
            if let message = value as? any ProtoMessage { return Data(try message.protoJSONBytes(options: options)) }
        }
        return try encodeWithJSONEncoder(value, options: options, pretty: pretty)
    }

    /// A message's compact proto3 JSON, written directly.
    public static func bytes<M: ProtoMessage>(
        of message: M, options: ProtoJSONEncodingOptions = .init()
    ) throws
        -> [UInt8]
    {
        var out = ProtoJSONOutput(options: options)
        try message.writeProtoJSON(to: &out)
        return out.bytes
    }

    /// `message`'s compact proto3 JSON with its repeated field `name` written with `elements`
    /// (``ProtoJSONOutput/writeMessage(_:splicing:elements:)``).
    public static func bytes<M: ProtoMessage>(
        of message: M, splicing name: StaticString, elements: ArraySlice<UInt8>,
        options: ProtoJSONEncodingOptions = .init()
    ) throws -> [UInt8] {
        var out = ProtoJSONOutput(options: options, capacity: elements.count + 1024)
        try out.writeMessage(message, splicing: name, elements: elements)
        return out.bytes
    }

    /// What ``encode(_:options:pretty:)`` gives through Foundation's encoder alone: the reference the direct writer
    /// is held to, and the writer of pretty output.
    public static func encodeWithJSONEncoder<T: Encodable>(
        _ value: T, options: ProtoJSONEncodingOptions = .init(), pretty: Bool = false
    ) throws -> Data {
        let encoder = JSONEncoder()
        encoder.userInfo[.protoJSONEncoding] = options
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    public static func encodeString<T: Encodable>(
        _ value: T, options: ProtoJSONEncodingOptions = .init(), pretty: Bool = false
    ) throws -> String {
        String(decoding: try encode(value, options: options, pretty: pretty), as: UTF8.self)
    }
}

/// Why a JSON document is not the message it should be: the field path (`remainingWaypoints[0].eta`) and what was
/// wrong there, so a server can answer INVALID_ARGUMENT naming the field and a file reader can point at it.
public struct ProtoJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Dotted field path with array indices; empty for the document itself.
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public init(_ error: DecodingError) {
        func render(_ path: [any CodingKey]) -> String {
            var out = ""
            for key in path {
                if let i = key.intValue {
                    out += "[\(i)]"
                } else if !key.stringValue.isEmpty {
                    out += out.isEmpty ? key.stringValue : "." + key.stringValue
                }
            }
            return out
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(Self.jsonKind(of: type))")
        case .valueNotFound(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(Self.jsonKind(of: type)), got null")
        case .keyNotFound(let key, let context):
            self.init(path: render(context.codingPath + [key]), message: "required field is missing")
        case .dataCorrupted(let context):
            let syntax =
                context.codingPath.isEmpty
                && (context.underlyingError != nil || context.debugDescription.contains("not valid JSON"))
            let detail = context.underlyingError.map(Self.describeUnderlying) ?? ""
            let message = syntax ? "not valid JSON" + (detail.isEmpty ? "" : " (\(detail))") : context.debugDescription
            self.init(path: render(context.codingPath), message: message)
        @unknown default:
            self.init(path: "", message: "\(error)")
        }
    }

    private static func jsonKind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is any Numeric.Type: return "a number"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }

    private static func describeUnderlying(_ error: any Error) -> String {
        let ns = error as NSError
        return ns.userInfo[NSDebugDescriptionErrorKey] as? String ?? ns.localizedDescription
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
