import FleetModel
import Foundation
import TestSupport
import Testing
import TrackFormats

@testable import TripRecordings

/// Each imported event keeps where its log entry is in the export, and reading there later gives back the entry as
/// it was written — whichever shape the export has — without the recording holding the entries' text.
@Suite struct LogExportSourceTests {
    static func fixturePath() throws -> String {
        try #require(
            Bundle.module.url(forResource: "jump-demo-a51c8f15", withExtension: "json", subdirectory: "Fixtures")
        )
        .path
    }

    /// Every event's entry, read back, is the fixture's entry at its index, as the file spells it.
    static func expectEntriesReadBack(
        _ recording: TripRecording, original entries: [JSONValue], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let export = try #require(recording.logExport, sourceLocation: sourceLocation)
        #expect(recording.events.allSatisfy { $0.logEntry != nil }, sourceLocation: sourceLocation)
        for event in recording.events {
            guard let location = event.logEntry else { continue }
            let entry = try export.entry(at: location)
            #expect(entry.value == entries[location.index], sourceLocation: sourceLocation)
            #expect(entry.part(.response) == entries[location.index]["jsonPayload"]?["response"])
            #expect(entry.part(.request) == entries[location.index]["jsonPayload"]?["request"])
        }
    }

    @Test func aPlainExportIsReadAgainAtEachEntrysOffset() throws {
        let path = try Self.fixturePath()
        let loaded = try RecordingLoader.load(path: path)
        let recording = try #require(loaded.recordings.first)
        let export = try #require(recording.logExport)
        #expect(export.storage == .file(path: path, size: try Data(contentsOf: URL(fileURLWithPath: path)).count))
        try Self.expectEntriesReadBack(recording, original: try CloudLoggingImporterTests.fixtureEntries())
        let calls = Set(recording.events.compactMap(\.logEntry?.call))
        #expect(calls == ["CreateTrip", "UpdateTrip", "UpdateVehicle"])
    }

    @Test func anArrayJSONLinesAndAByteOrderMarkPlaceEntriesAlike() throws {
        let entries = try CloudLoggingImporterTests.fixtureEntries()
        let lines = try entries.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let shapes: [(String, Data)] = [
            ("array", Data(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8)),
            ("JSON Lines", Data(lines.joined(separator: "\n").utf8)),
            ("JSON Lines with CRLF and a BOM", Data([0xEF, 0xBB, 0xBF]) + Data(lines.joined(separator: "\r\n").utf8)),
            (
                "rawLogs with a BOM",
                Data([0xEF, 0xBB, 0xBF]) + Data(("{\"rawLogs\": [" + lines.joined(separator: ", ") + "]}").utf8)
            ),
        ]
        for (shape, data) in shapes {
            let loaded = try RecordingLoader.load(data: data, path: "export.json")
            let recording = try #require(loaded.recordings.first, "\(shape)")
            #expect(recording.logExport?.storage == .bytes(data), "\(shape)")
            try Self.expectEntriesReadBack(recording, original: entries)
        }
    }

    @Test func aGzippedExportKeepsItsInflatedBytes() async throws {
        let path = try Self.fixturePath()
        let directory = try Repository.temporaryDirectory("log-export-source")
        let gzipped = directory.appendingPathComponent("export.json.gz")
        let gzip = try await TriptermBinary.runTool("/bin/sh", ["-c", "gzip -c '\(path)' > '\(gzipped.path)'"])
        try #require(gzip.status == 0, "\(gzip.stderr)")
        let recording = try #require(try RecordingLoader.load(path: gzipped.path).recordings.first)
        #expect(recording.logExport?.storage == .bytes(try Data(contentsOf: URL(fileURLWithPath: path))))
        try Self.expectEntriesReadBack(recording, original: try CloudLoggingImporterTests.fixtureEntries())
    }

    /// Lower-case keys (`jsonpayload`) are found and shown as written.
    @Test func lowerCaseKeysAreShownAsWritten() throws {
        let data = Data(CloudLoggingSamples.lowerCaseExport.utf8)
        let recording = try #require(try RecordingLoader.load(data: data, path: "lower.jsonl").recordings.first)
        let event = try #require(recording.events.last { $0.logEntry?.call == "UpdateVehicle" })
        let entry = try #require(recording.logExport).entry(at: try #require(event.logEntry))
        #expect(entry.part(.request)?["vehicleid"] == .string("Vehicle_1"))
        #expect(
            entry.prettyLines(.response)?.contains {
                $0.contains("\"navstatus\": \"NAVIGATION_STATUS_ENROUTE_TO_DESTINATION\"")
            } == true)
        #expect(event.logEntry?.line == 4)
    }

    /// A failed call has an errorResponse instead of a response: shown as written, the response absent.
    @Test func aFailedCallsErrorResponseIsShownAsWritten() throws {
        let text =
            #"{"jsonPayload": {"request": {"tripId": "t1"}, "errorResponse": {"code": "NOT_FOUND", "httpStatusCode": 404}}}"#
        let entry = RawLogEntry(
            value: try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
            location: LogEntryLocation(bytes: 0..<text.utf8.count, call: "UpdateTrip", insertId: "f", index: 0),
            text: Data(text.utf8))
        #expect(entry.prettyLines(.response) == nil)
        #expect(entry.errorResponseLines == ["{", #"  "code": "NOT_FOUND","#, #"  "httpStatusCode": 404"#, "}"])
    }

    /// A Restricted Use twin's members complete the entry shown, as they complete the imported trip.
    @Test func aRestrictedUseTwinIsMergedIntoItsParent() throws {
        let data = Data(CloudLoggingSamples.restrictedExport.utf8)
        let (recordings, _) = try CloudLoggingImporter.recordings(from: data, path: "restricted.json")
        let recording = try #require(recordings.first)
        let event = try #require(recording.events.first { $0.logEntry?.insertId == "u1" })
        let location = try #require(event.logEntry)
        #expect(location.twins.count == 1)
        let entry = try #require(recording.logExport).entry(at: location)
        let pickup = entry.part(.response)?["pickupPoint"]
        #expect(pickup?["point"]?["latitude"] == .number(37.3447131))
        #expect(pickup?["pointHandle"] == .string("AdSi2"), "the parent's own members stay")
    }

    @Test func anExportChangedSinceLoadingIsSaidToBe() throws {
        let directory = try Repository.temporaryDirectory("log-export-source")
        let copy = directory.appendingPathComponent("export.json")
        try Data(contentsOf: URL(fileURLWithPath: try Self.fixturePath())).write(to: copy)
        let recording = try #require(try RecordingLoader.load(path: copy.path).recordings.first)
        try Data("{}".utf8).write(to: copy)
        let location = try #require(recording.events.first?.logEntry)
        let error = #expect(throws: InputError.self) { try recording.logExport?.entry(at: location) }
        #expect(error?.message.contains("the export changed since it was loaded") == true)
    }

    @Test func spansFollowStringsAndNesting() {
        let text = #"  {"a": {"rawLogs": 1}, "raw_Logs": [ {"x": "]}\"{"}, [1, [2]], "s" , 3.5e2 ,null ] }"#
        let spans = Data(text.utf8).withUnsafeBytes { LogEntrySpans.elements(in: $0, from: 0, member: "rawlogs") }
        let pieces = spans?.map { String(decoding: Data(text.utf8)[$0], as: UTF8.self) }
        #expect(pieces == [#"{"x": "]}\"{"}"#, "[1, [2]]", "\"s\"", "3.5e2", "null"])
    }
}
