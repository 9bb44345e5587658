import Foundation

// Decoding from already parsed JSON or from bytes through a tape (see ProtoFieldSource). Generic here, and compiled
// with cross-module optimization (Package.swift) so that a module of messages can specialize it: FleetModel declares
// concrete entry points for the messages read most, since its callers would otherwise run the messages' generic
// `init(fields:)` unspecialized, several times slower.

extension ProtoJSON {
    /// Decodes a message from a ``JSONValue``: directly when the direct source can, else by the general path
    /// (re-encoded as text and read with `JSONDecoder`), which gives the same result or the error with its path.
    public static func decode<T: ProtoMessage>(
        _ type: T.Type, from value: JSONValue, options: ProtoJSONDecodingOptions = .init()
    ) throws(ProtoJSONError) -> T {
        try decodeMessage(type, from: value, options: options)
    }

    /// ``decode(_:from:options:)`` under a name of its own, for concrete overloads to call.
    public static func decodeMessage<T: ProtoMessage>(
        _ type: T.Type, from value: JSONValue, options: ProtoJSONDecodingOptions
    ) throws(ProtoJSONError) -> T {
        if let fields = JSONValueSource(value, options: options).fields(), let message = try? T(fields: fields) {
            return message
        }
        return try reencoded(type, from: value, options: options)
    }

    /// The general path of ``decode(_:from:options:)``.
    static func reencoded<T: ProtoMessage>(
        _ type: T.Type, from value: JSONValue, options: ProtoJSONDecodingOptions
    ) throws(ProtoJSONError) -> T {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw ProtoJSONError(path: "", message: "cannot re-encode the value: \(error)")
        }
        return try decode(type, from: data, options: options)
    }

    /// A message from a request body read with `options` (``ProtoJSONDecodingOptions/strict`` for a server):
    /// straight from a ``JSONTape`` when the direct source settles it — which, when unknown members are rejected,
    /// includes finding none — else through `JSONDecoder`, which gives the same message or the error naming the
    /// member.
    public static func directOrGeneral<T: ProtoMessage>(
        _ type: T.Type, body: Data, options: ProtoJSONDecodingOptions
    ) throws(ProtoJSONError) -> T {
        guard !options.caseInsensitiveKeys else { return try decode(type, from: body, options: options) }
        if let direct: T = body.withUnsafeBytes({ fromTape($0, options: options) }) { return direct }
        return try decode(type, from: body, options: options)
    }

    /// A message from proto3 JSON text, straight from a ``JSONTape`` when the direct source settles it (text
    /// written by ``encodeString(_:options:)`` always is), else by the general path, which gives the same message
    /// or the error.
    public static func directOrGeneral<T: ProtoMessage>(_ type: T.Type, text: String) throws -> T {
        var text = text
        let direct: T? = text.withUTF8 { fromTape(UnsafeRawBufferPointer($0), options: .init()) }
        return try direct ?? decode(type, from: text)
    }

    /// The message in `bytes` from a ``JSONTape``, when the direct source settles it under `options`' enum and
    /// unknown-member rules; nil for the general path to decide.
    public static func fromTape<T: ProtoMessage>(
        _ bytes: UnsafeRawBufferPointer, options: ProtoJSONDecodingOptions
    ) -> T? {
        var tape = JSONTape()
        guard tape.parse(bytes) else { return nil }
        return tape.withRoot(
            in: bytes, lenientEnums: options.lenientEnums, rejectUnknownFields: options.rejectUnknownFields
        ) { root in root.fields().flatMap { try? T(fields: $0) } }
    }
}

extension ProtoMessage {
    /// The message in a parsed ``JSONTape`` value, or ``ProtoDirectDecodingMiss`` when the general path must
    /// decide (see ``ProtoFieldSource``).
    public init(direct value: JSONTapeValue) throws { try self.init(fields: value.objectFields()) }

    /// The message in a ``JSONStream`` value, or ``ProtoDirectDecodingMiss`` when a slower path must decide.
    public init(direct value: JSONStreamValue) throws { try self.init(fields: value.objectFields()) }
}

extension JSONTapeValue {
    /// The members of an object, or ``ProtoDirectDecodingMiss`` for any other value.
    public func objectFields() throws -> JSONTapeFields {
        guard let fields = fields() else { throw ProtoDirectDecodingMiss() }
        return fields
    }
}

extension JSONStreamValue {
    /// The members of an object, or ``ProtoDirectDecodingMiss`` for any other value.
    public func objectFields() throws -> JSONStreamFields {
        guard let fields = fields() else { throw ProtoDirectDecodingMiss() }
        return fields
    }
}

extension JSONStreamFields {
    /// Member `name` read as a message and handed to `body`, last (nothing throws after it), which spares a
    /// caller that stores a large message (a trip is 1.3 KB) the copies of passing it back through optionals;
    /// false when the member is absent or `null`.
    public func message<M: ProtoMessage>(_ name: StaticString, _ body: (consuming M) -> Void) throws -> Bool {
        guard let value = try value(name) else { return false }
        let message = try M(direct: value)
        try end(value)
        body(message)
        return true
    }

    public func timestamp(_ name: StaticString) throws -> ProtoTimestamp? { try self(name) }
    public func string(_ name: StaticString) throws -> String? { try self(name) }
}
