import Foundation

// Decoding from already parsed JSON (see ProtoFieldSource). The entry points for Trip and Vehicle are concrete on
// purpose: a generic function called from another module runs unspecialized, several times slower, while these are
// specialized here for the sources they take.

extension ProtoJSON {
    /// Decodes a message from a ``JSONValue``: directly when the direct source can, else by the general path
    /// (re-encoded as text and read with `JSONDecoder`), which gives the same result or the error with its path.
    public static func decode<T: ProtoMessage>(
        _ type: T.Type, from value: JSONValue, options: ProtoJSONDecodingOptions = .init()
    ) throws(ProtoJSONError) -> T {
        try decodeMessage(type, from: value, options: options)
    }

    public static func decode(
        _ type: Trip.Type, from value: JSONValue, options: ProtoJSONDecodingOptions = .init()
    ) throws(ProtoJSONError) -> Trip {
        try decodeMessage(type, from: value, options: options)
    }

    public static func decode(
        _ type: Vehicle.Type, from value: JSONValue, options: ProtoJSONDecodingOptions = .init()
    ) throws(ProtoJSONError) -> Vehicle {
        try decodeMessage(type, from: value, options: options)
    }

    private static func decodeMessage<T: ProtoMessage>(
        _ type: T.Type, from value: JSONValue, options: ProtoJSONDecodingOptions
    ) throws(ProtoJSONError) -> T {
        if let fields = JSONValueSource(value, options: options).fields(), let message = try? T(fields: fields) {
            return message
        }
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw ProtoJSONError(path: "", message: "cannot re-encode the value: \(error)")
        }
        return try decode(type, from: data, options: options)
    }
}

extension Trip {
    /// The trip in a parsed ``JSONTape`` value, or ``ProtoDirectDecodingMiss`` when the general path must decide
    /// (see ``ProtoFieldSource``).
    public init(direct value: JSONTapeValue) throws {
        guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
        try self.init(fields: fields)
    }
}

extension ProtoJSON {
    /// A trip from proto3 JSON text, straight from a ``JSONTape`` when the direct source settles it (text written
    /// by ``encodeString(_:options:)``, such as the server's stored rows, always is), else by the general path,
    /// which gives the same trip or the error. Several times faster than `JSONDecoder` on what the server reads for
    /// every poll its answer cache misses.
    public static func decode(_ type: Trip.Type, text: String) throws -> Trip {
        try directOrGeneral(type, text: text)
    }

    /// A vehicle from proto3 JSON text, as ``decode(_:text:)`` reads a trip.
    public static func decode(_ type: Vehicle.Type, text: String) throws -> Vehicle {
        try directOrGeneral(type, text: text)
    }

    /// A vehicle from a request body read with `options` (``ProtoJSONDecodingOptions/strict`` for the server):
    /// straight from a ``JSONTape`` when the direct source settles it — which, when unknown members are rejected,
    /// includes finding none — else through `JSONDecoder`, which gives the same vehicle or the error naming the
    /// member. Every driver's report is one: through `JSONDecoder` alone its body was a sixth of the server's time
    /// under 64 drivers (2026-11-27).
    public static func decode(
        _ type: Vehicle.Type, body: Data, options: ProtoJSONDecodingOptions
    ) throws(ProtoJSONError) -> Vehicle {
        try directOrGeneral(type, body: body, options: options)
    }

    /// A trip from a request body, as ``decode(_:body:options:)`` reads a vehicle.
    public static func decode(
        _ type: Trip.Type, body: Data, options: ProtoJSONDecodingOptions
    ) throws(ProtoJSONError) -> Trip {
        try directOrGeneral(type, body: body, options: options)
    }

    private static func directOrGeneral<T: ProtoMessage>(
        _ type: T.Type, body: Data, options: ProtoJSONDecodingOptions
    ) throws(ProtoJSONError) -> T {
        guard !options.caseInsensitiveKeys else { return try decode(type, from: body, options: options) }
        if let direct: T = body.withUnsafeBytes({ fromTape($0, options: options) }) { return direct }
        return try decode(type, from: body, options: options)
    }

    private static func directOrGeneral<T: ProtoMessage>(_ type: T.Type, text: String) throws -> T {
        var text = text
        let direct: T? = text.withUTF8 { fromTape(UnsafeRawBufferPointer($0), options: .init()) }
        return try direct ?? decode(type, from: text)
    }

    /// The message in `bytes` from a ``JSONTape``, when the direct source settles it under `options`' enum and
    /// unknown-member rules; nil for the general path to decide.
    private static func fromTape<T: ProtoMessage>(
        _ bytes: UnsafeRawBufferPointer, options: ProtoJSONDecodingOptions
    ) -> T? {
        var tape = JSONTape()
        guard tape.parse(bytes) else { return nil }
        return tape.withRoot(
            in: bytes, lenientEnums: options.lenientEnums, rejectUnknownFields: options.rejectUnknownFields
        ) { root in root.fields().flatMap { try? T(fields: $0) } }
    }
}

extension Trip {
    /// The trip in a ``JSONStream`` value, or ``ProtoDirectDecodingMiss`` when a slower path must decide.
    public init(direct value: JSONStreamValue) throws {
        guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
        try self.init(fields: fields)
    }
}

extension JSONStreamFields {
    // Concrete, so that callers in other modules run the code specialized here.

    /// Member `name` read as a trip and handed to `body`, last (nothing throws after it), which spares a caller
    /// that stores the trip (1.3 KB) the copies of passing it back through optionals; false when the member is
    /// absent or `null`.
    public func trip(_ name: StaticString, _ body: (consuming Trip) -> Void) throws -> Bool {
        guard let value = try value(name) else { return false }
        let trip = try Trip(direct: value)
        try end(value)
        body(trip)
        return true
    }

    public func timestamp(_ name: StaticString) throws -> ProtoTimestamp? { try self(name) }
    public func string(_ name: StaticString) throws -> String? { try self(name) }
}
