import FleetModel
import Foundation
import TestSupport
import Testing
import TrackFormats

@testable import TripFollowing
@testable import TripRecordings

@Suite struct TripFileTests {
    static func temporaryPath(_ name: String = "trip.jsonl") -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    static func sampleRecording() -> TripRecording {
        var unavailable = TripServiceError(code: .unavailable, message: "busy", httpStatus: 503)
        unavailable.retryAfter = .seconds(7)
        return TripRecording(
            tripName: TripFixtures.name, source: "test", created: TripFixtures.at(0),
            events: [
                .note("recording started", at: TripFixtures.at(0)),
                .snapshot(TripFixtures.new(), at: TripFixtures.at(0)),
                .snapshot(TripFixtures.enrouteToPickup(), at: TripFixtures.at(10)),
                .failure(unavailable, at: TripFixtures.at(15)),
                .failure(TripServiceError(transport: .connectionRefused), at: TripFixtures.at(16)),
                .snapshot(TripFixtures.arrivedAtPickup(), at: TripFixtures.at(70)),
                .snapshot(TripFixtures.complete(), at: TripFixtures.at(300)),
            ])
    }

    @Test func aRecordingRoundTripsThroughAFile() throws {
        let path = Self.temporaryPath()
        let recording = Self.sampleRecording()
        try TripFileWriter.save(recording, to: path, generator: "test")
        let (read, warnings) = try TripFileReader.read(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(warnings.isEmpty)
        #expect(read == recording)
    }

    /// Every field of the schema reaches a trip file and comes back: a trip with each field set (``SchemaSample``,
    /// so a field added to Protos/ is in it) is written and read by both readers, the direct one and JSONDecoder's.
    @Test func everyFieldOfATripRoundTripsThroughAFile() throws {
        let path = Self.temporaryPath()
        var trip = try SchemaSample.value(Trip.self)
        trip.name = TripFixtures.name.description
        let recording = TripRecording(
            tripName: TripFixtures.name, source: "test", created: TripFixtures.at(0),
            events: [.snapshot(trip, at: TripFixtures.at(0)), .snapshot(trip, at: TripFixtures.at(5))])
        try TripFileWriter.save(recording, to: path, generator: "test")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let (read, warnings) = try TripFileReader.read(data, path: path)
        #expect(warnings.isEmpty)
        #expect(read == recording)
        let line = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().first)
        let event = try JSONDecoder().decode(TripFileEventLine.self, from: Data(line.utf8))
        #expect(try event.event().get() == recording.events[0])
    }

    @Test func linesAreJSONObjectsPeopleAndJqCanRead() throws {
        let path = Self.temporaryPath()
        try TripFileWriter.save(Self.sampleRecording(), to: path, generator: "test")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 8)
        let header = try JSONDecoder().decode(JSONValue.self, from: Data(lines[0].utf8))
        #expect(header["format"] == .string("tripterm-trip"))
        #expect(header["version"] == .number(1))
        #expect(header["trip"] == .string("providers/demo/trips/t1"))
        let failure = try JSONDecoder().decode(JSONValue.self, from: Data(lines[4].utf8))
        #expect(failure["failure"]?["code"] == .string("UNAVAILABLE"))
        #expect(failure["failure"]?["class"] == .string("recoverable"))
        #expect(failure["failure"]?["retryAfter"] == .string("7s"))
        #expect(failure["time"] == .string("2026-01-01T00:00:15Z"))
        #expect(lines[2].contains(#""tripStatus":"NEW""#))
    }

    @Test func aTornLastLineIsSkippedWithAWarning() throws {
        let path = Self.temporaryPath()
        try TripFileWriter.save(Self.sampleRecording(), to: path, generator: "test")
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data.append(Data(#"{"time":"2026-01-01T00:06:00Z","snapshot":{"tripSta"#.utf8))
        let (read, warnings) = try TripFileReader.read(data, path: "trip.jsonl")
        #expect(read.events.count == 7)
        #expect(
            warnings == [
                InputWarning(
                    path: "trip.jsonl", line: 9,
                    message: "skipped an incomplete last line (the recording was probably interrupted)")
            ])
    }

    @Test func aMalformedLineElsewhereIsAnErrorWithFileLineAndColumn() throws {
        let header = #"{"format":"tripterm-trip","version":1,"trip":"providers/demo/trips/t1"}"#
        let good = #"{"time":"2026-01-01T00:00:00Z","note":"hi"}"#
        func read(_ lines: [String]) throws(InputError) -> TripRecording {
            try TripFileReader.read(Data((lines.joined(separator: "\n") + "\n").utf8), path: "t.jsonl").recording
        }
        #expect(try read([header, good]).events.count == 1)
        #expect(
            throws: InputError(
                path: "t.jsonl", line: 3, column: 23,
                message: "expected an event as one JSON object: unexpected end of line (the JSON is cut short)")
        ) {
            try read([header, good, #"{"time":"2026-01-01T0x"#, good])
        }
        #expect(
            throws: InputError(
                path: "t.jsonl", line: 2, column: 9, message: "expected an event as one JSON object: unexpected 'x'")
        ) {
            try read([header, #"{"time":x}"#])
        }
        do {
            _ = try read([
                header, #"{"time":"2026-01-01T00:00:00Z","snapshot":{"name":"n","tripStatus":"DRIVING"}}"#, good,
            ])
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 55)
            #expect(error.message.hasPrefix("snapshot.tripStatus: unknown TripStatus value \"DRIVING\""))
            #expect(error.description.hasPrefix("t.jsonl:2:55: snapshot.tripStatus"))
        }
        #expect(
            throws: InputError(
                path: "t.jsonl", line: 2, column: 1,
                message: "expected exactly one of snapshot, failure, note (found 2)")
        ) {
            try read([header, #"{"time":"2026-01-01T00:00:00Z","note":"a","snapshot":{}}"#])
        }
        #expect(throws: InputError(path: "t.jsonl", line: 2, column: 1, message: "time: required field is missing")) {
            try read([header, #"{"note":"a"}"#])
        }
    }

    @Test func headersAreChecked() throws {
        func read(_ header: String) throws(InputError) {
            _ = try TripFileReader.read(Data((header + "\n").utf8), path: "t.jsonl")
        }
        #expect(
            throws: InputError(
                path: "t.jsonl", line: 1, column: 1,
                message: "trip file version 2 is not supported (this tripterm reads version 1)")
        ) {
            try read(#"{"format":"tripterm-trip","version":2,"trip":"providers/p/trips/t"}"#)
        }
        #expect(
            throws: InputError(
                path: "t.jsonl", line: 1, column: 1,
                message: "not a trip file: header format is \"other\", expected \"tripterm-trip\"")
        ) {
            try read(#"{"format":"other","version":1,"trip":"providers/p/trips/t"}"#)
        }
        do {
            try read(#"{"format":"tripterm-trip","version":1,"trip":"providers/p/trip/t"}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.column == 39)
            #expect(error.message.contains("must look like providers/{provider}/trips/{trip}"))
        }
        #expect(throws: InputError(path: "t.jsonl", message: "empty file: expected a trip file header")) {
            _ = try TripFileReader.read(Data(), path: "t.jsonl")
        }
    }

    @Test func unknownFieldsAndProtoSpellingsAreAccepted() throws {
        let text = """
            {"format":"tripterm-trip","version":1,"trip":"providers/p/trips/t","future":true}
            {"time":"2026-01-01T00:00:00Z","snapshot":{"trip_status":2,"futureField":[1]},"extra":1}

            """
        let (read, _) = try TripFileReader.read(Data(text.utf8), path: "t.jsonl")
        #expect(read.snapshots.first?.trip.tripStatus == .enrouteToPickup)
    }

    @Test func eventsAreSortedByTimeKeepingTheOrderOfTies() throws {
        let text = """
            {"format":"tripterm-trip","version":1,"trip":"providers/p/trips/t"}
            {"time":"2026-01-01T00:00:10Z","note":"b"}
            {"time":"2026-01-01T00:00:00Z","note":"a"}
            {"time":"2026-01-01T00:00:10Z","note":"c"}
            """
        let (read, _) = try TripFileReader.read(Data(text.utf8), path: "t.jsonl")
        #expect(read.events.map(\.kind) == [.note("a"), .note("b"), .note("c")])
    }
}
