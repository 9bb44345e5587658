import Foundation
import ProtoJSONKit

// The entry points for the two messages read most — the server's stored rows and request bodies, trip files —
// concrete on purpose: specialized here, where Trip's and Vehicle's `init(fields:)` are, callers in other modules
// run them specialized rather than through generic dispatch, several times slower.

extension ProtoJSON {
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

    /// A trip from proto3 JSON text, straight from a ``JSONTape`` when the direct source settles it (the server's
    /// stored rows always are), else by the general path: several times faster than `JSONDecoder` on what the
    /// server reads for every poll its answer cache misses.
    public static func decode(_ type: Trip.Type, text: String) throws -> Trip { try directOrGeneral(type, text: text) }

    /// A vehicle from proto3 JSON text, as ``decode(_:text:)`` reads a trip.
    public static func decode(_ type: Vehicle.Type, text: String) throws -> Vehicle {
        try directOrGeneral(type, text: text)
    }

    /// A vehicle from a request body: every driver's report is one, and through `JSONDecoder` alone its body was a
    /// sixth of the server's time under 64 drivers.
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

}

extension Trip {
    /// The trip in a parsed ``JSONTape`` value (see ``ProtoMessage/init(direct:)-…``), specialized here.
    public init(direct value: JSONTapeValue) throws { try self.init(fields: value.objectFields()) }

    /// The trip in a ``JSONStream`` value, specialized here.
    public init(direct value: JSONStreamValue) throws { try self.init(fields: value.objectFields()) }
}

extension JSONStreamFields {
    /// Member `name` read as a trip and handed to `body` (see ``message(_:_:)``), specialized here.
    public func trip(_ name: StaticString, _ body: (consuming Trip) -> Void) throws -> Bool {
        try message(name, body)
    }
}
