import FleetEvents
import FleetModel
import Foundation
import Testing

/// An event's body, written directly, is byte for byte what `JSONEncoder` writes with sorted keys — the bytes a
/// receiver verifies the signature over — for every shape of record: optional names left out, nested and
/// escaped values, whole and fractional numbers.
@Suite struct EventBodyTests {
    static func encoderBytes(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static let records: [FleetEventRecord] = [
        FleetEventRecord(
            id: 12, provider: "p", time: ProtoTimestamp(seconds: 1_795_000_000, nanos: 250_000_000),
            event: DetectedEvent(
                kind: .tripStatus, trip: "providers/p/trips/t1", vehicle: "providers/p/vehicles/v1",
                before: .object(["tripStatus": .string("NEW")]),
                after: .object(["tripStatus": .string("ENROUTE_TO_PICKUP")]))),
        FleetEventRecord(
            id: 1, provider: "p", time: ProtoTimestamp(seconds: 0),
            event: DetectedEvent(kind: .vehicleState, vehicle: "providers/p/vehicles/a/b", before: nil, after: nil)),
        FleetEventRecord(
            id: 9_007_199_254_740_993, provider: "pro\"vider\\", time: ProtoTimestamp(seconds: 1),
            event: DetectedEvent(
                kind: .geofenceEnter, vehicle: "providers/p/deliveryVehicles/van é", geofence: "quai\n\u{1}",
                before: nil,
                after: .object([
                    "inside": .bool(true), "z": .null, "remainingMeters": .number(800), "change": .number(0.7),
                    "tiny": .number(1e-7), "big": .number(1e21), "negative": .number(-12.5),
                    "list": .array([.number(1), .string("a/b"), .object(["b": .number(2), "a": .array([])])]),
                ]))),
        FleetEventRecord(
            id: 3, provider: "p", time: ProtoTimestamp(seconds: 5),
            event: DetectedEvent(
                kind: .taskOutcome, task: "providers/p/tasks/k1", before: .object([:]),
                after: .object(["taskOutcome": .string("SUCCEEDED")]))),
    ]

    @Test func theBodyIsWhatJSONEncoderWritesWithSortedKeys() throws {
        for record in Self.records {
            let body = record.jsonBody()
            #expect(body == (try Self.encoderBytes(record)), "\(String(decoding: body, as: UTF8.self))")
            #expect(try JSONDecoder().decode(FleetEventRecord.self, from: body) == record)
        }
    }

    @Test func aValuesTextIsWhatJSONEncoderWrites() throws {
        for record in Self.records {
            for value in [record.before, record.after].compactMap({ $0 }) {
                #expect(Data(value.compactJSONText.utf8) == (try Self.encoderBytes(value)))
            }
        }
    }
}
