import FleetModel
import Foundation

extension FuzzTarget {
    /// Fleet Engine messages as proto3 JSON, as the client reads answers and the server reads bodies. The first
    /// byte picks the message and the decoding options; the rest is the JSON text.
    static let protoJSON = FuzzTarget(name: "proto-json", summary: "ProtoJSON.decode of Trip, Vehicle and request/response messages") { data in
        guard let first = data.first else { return }
        let json = Data(data.dropFirst())
        let options = ProtoJSONDecodingOptions(
            rejectUnknownFields: first & 0x10 != 0, lenientEnums: first & 0x20 != 0, caseInsensitiveKeys: first & 0x40 != 0)
        switch first % 5 {
        case 0: checkRoundTrip(Trip.self, json, options)
        case 1: checkRoundTrip(Vehicle.self, json, options)
        case 2: checkRoundTrip(SearchTripsRequest.self, json, options)
        case 3: checkRoundTrip(SearchTripsResponse.self, json, options)
        default: checkRoundTrip(ListVehiclesResponse.self, json, options)
        }
    }

    /// What decodes encodes, and the encoding decodes to the same message (compared as bytes: NaN is a value).
    private static func checkRoundTrip<M: Codable>(_ type: M.Type, _ json: Data, _ options: ProtoJSONDecodingOptions) {
        guard let message = try? ProtoJSON.decode(type, from: json, options: options) else { return }
        for encoding in [ProtoJSONEncodingOptions(), ProtoJSONEncodingOptions(enumsAsIntegers: true)] {
            guard let encoded = try? ProtoJSON.encode(message, options: encoding) else {
                invariant(false, "a decoded \(type) does not encode")
                return
            }
            let again = try? ProtoJSON.decode(type, from: encoded, options: .strict)
            invariant(again.flatMap { try? ProtoJSON.encode($0, options: encoding) } == encoded,
                      "\(type) changes in an encode/decode round trip: \(String(decoding: encoded, as: UTF8.self))")
        }
    }
}
