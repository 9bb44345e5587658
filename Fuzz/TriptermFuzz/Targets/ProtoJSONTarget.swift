import FleetModel
import Foundation

extension FuzzTarget {
    /// Fleet Engine messages as proto3 JSON, as the client reads answers and the server reads bodies. The first
    /// byte picks the message and the decoding options; the rest is the JSON text.
    static let protoJSON = FuzzTarget(
        name: "proto-json", summary: "ProtoJSON.decode of Trip, Vehicle and request/response messages"
    ) { data in
        guard let first = data.first else { return }
        let json = Data(data.dropFirst())
        let options = ProtoJSONDecodingOptions(
            rejectUnknownFields: first & 0x10 != 0, lenientEnums: first & 0x20 != 0,
            caseInsensitiveKeys: first & 0x40 != 0)
        switch first % 5 {
        case 0:
            checkRoundTrip(Trip.self, json, options)
            checkDirectReadersAgree(json, options)
            checkStreamMemoryChangesNothing(json, options)
        case 1: checkRoundTrip(Vehicle.self, json, options)
        case 2: checkRoundTrip(SearchTripsRequest.self, json, options)
        case 3: checkRoundTrip(SearchTripsResponse.self, json, options)
        default: checkRoundTrip(ListVehiclesResponse.self, json, options)
        }
    }

    /// The one-pass stream and the tape read a trip as the general path does, or leave it to that path: never
    /// another trip, never one it refuses. They do not take the options that only the general path handles.
    private static func checkDirectReadersAgree(_ json: Data, _ options: ProtoJSONDecodingOptions) {
        guard !options.rejectUnknownFields, !options.caseInsensitiveKeys else { return }
        let general = (try? ProtoJSON.decode(Trip.self, from: json, options: options)).flatMap {
            try? ProtoJSON.encode($0)
        }
        var stream = JSONStream()
        var tape = JSONTape()
        let (streamed, taped) = json.withUnsafeBytes { raw in
            let streamed = try? stream.read(raw, lenientEnums: options.lenientEnums) { try Trip(direct: $0) }
            let taped =
                tape.parse(raw)
                ? tape.withRoot(in: raw, lenientEnums: options.lenientEnums) { try? Trip(direct: $0) } : nil
            return (streamed, taped)
        }
        for (reader, trip) in [("stream", streamed), ("tape", taped)] {
            guard let trip else { continue }
            invariant((try? ProtoJSON.encode(trip)) == general, "the \(reader) reads a trip the general path does not")
        }
    }

    /// A stream carries a little from one document to the next (long strings, repeated fields' text and elements,
    /// enum names, the last day): the input's lines read in turn through one stream, then the whole text twice, give
    /// what a fresh stream gives each.
    private static func checkStreamMemoryChangesNothing(_ json: Data, _ options: ProtoJSONDecodingOptions) {
        func read(_ text: Data, by stream: inout JSONStream) -> Data? {
            text.withUnsafeBytes { raw in
                try? stream.read(raw, lenientEnums: options.lenientEnums) { try Trip(direct: $0) }
            }
            .flatMap { try? ProtoJSON.encode($0) }
        }
        var kept = JSONStream()
        for text in json.split(separator: 0x0A).map({ Data($0) }) + [json, json] {
            var fresh = JSONStream()
            invariant(
                read(text, by: &kept) == read(text, by: &fresh), "a stream reads a document differently after others")
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
            invariant(
                again.flatMap { try? ProtoJSON.encode($0, options: encoding) } == encoded,
                "\(type) changes in an encode/decode round trip: \(String(decoding: encoded, as: UTF8.self))")
        }
    }
}
