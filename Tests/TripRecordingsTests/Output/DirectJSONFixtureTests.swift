import FleetModel
import Foundation
import TestSupport
import Testing

@testable import TripRecordings

/// Every trip and vehicle in the repository's recordings and in the real Cloud Logging exports, written by the direct
/// writer and by `JSONEncoder`: the bytes must be the same, with enums as names and as numbers.
@Suite struct DirectJSONFixtureTests {
    static let recordings = ["Assets/trips/monaco-stops.jsonl", "Assets/trips/jump-demo-a51c8f15.jsonl"]
    static let exports = [
        Repository.path("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json"),
        Repository.path("Tests/Fixtures/jump-demo.json"),
    ]

    static func differences<M: ProtoMessage>(_ messages: [M]) throws -> [String] {
        var found: [String] = []
        for message in messages {
            for options in [ProtoJSONEncodingOptions(), ProtoJSONEncodingOptions(enumsAsIntegers: true)] {
                let direct = String(decoding: try ProtoJSON.bytes(of: message, options: options), as: UTF8.self)
                let reference = String(
                    decoding: try ProtoJSON.encodeWithJSONEncoder(message, options: options), as: UTF8.self)
                if direct != reference { found.append("direct \(direct)\nencoder \(reference)") }
            }
        }
        return found
    }

    static func trips(_ recording: TripRecording) -> [Trip] {
        recording.events.compactMap { if case .snapshot(let trip) = $0.kind { trip } else { nil } }
    }

    @Test(arguments: recordings)
    func tripFileSnapshots(_ relative: String) throws {
        let path = try Repository.file(relative)
        let trips = Self.trips(try TripFileReader.read(Data(contentsOf: URL(fileURLWithPath: path)), path: path).0)
        #expect(trips.count > 10)
        #expect(try Self.differences(trips) == [])
    }

    @Test(arguments: exports)
    func cloudLoggingTripsAndVehicles(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let fleet = try CloudLoggingImporter.fleet(from: data, path: path).fleet
        let trips = fleet.trips.flatMap(Self.trips)
        #expect(trips.count > 10 && fleet.reports.count > 10)
        #expect(try Self.differences(trips) == [])
        #expect(try Self.differences(fleet.reports.map(\.vehicle)) == [])
    }
}
