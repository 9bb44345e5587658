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
