import FleetModel
import Foundation
import TerminalCore
import TestSupport
import Testing
import TripFollowing
import TripRecordings

@testable import TerminalUI

/// The replay's event table (`e`): every recorded event with its time and kind, ↑/↓ pausing the replay at an event,
/// and the selected event's log entry — request or response, read back from the export — beside it.
@Suite struct ReplayEventsTests {
    static let exportPath = Repository.path("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json")

    /// A paused replay of `recording` with its subscriber, its findings worked out beforehand.
    static func controls(
        _ recording: TripRecording, backendName: String = "replay jump-demo-a51c8f15.json"
    ) async -> (ReplayControls, TripViewSubscriber) {
        let run = ReplayRun(recording: recording, speed: .realtime)
        run.clock.pause()
        let subscriber = TripViewSubscriber(
            tripName: recording.tripName, backendName: backendName,
            now: { [clock = run.clock] in clock.timestamp })
        await run.model.register(subscriber)
        let controls = ReplayControls(
            run: run, recording: recording, subscriber: subscriber, insight: ReplayInsight.of(recording))
        return (controls, subscriber)
    }

    static func exportRecording() throws -> TripRecording {
        try #require(try RecordingLoader.load(path: exportPath).recordings.first)
    }

    static func events(_ controls: ReplayControls) -> ReplayEventsView? {
        guard case .replay(let status) = controls.mode else { return nil }
        return status.events
    }

    @Test func rowsNameEachEventsCallAndWhatItSays() throws {
        let recording = try Self.exportRecording()
        let table = ReplayEventTable(recording)
        #expect(table.rows.count == recording.events.count)
        #expect(table.rows.map(\.time) == recording.events.map(\.time))
        #expect(table.rows.first?.kind == "CreateTrip" && table.rows.first?.detail == "NEW")
        #expect(table.rows.contains { $0.kind == "UpdateVehicle" })
        #expect(table.rows.last?.kind == "UpdateTrip" && table.rows.last?.detail == "CANCELED")
        // A trip file has no log entries: its events are named by what they are.
        let file = ReplayEventTable(TripViewFixtures.recording())
        #expect(Set(file.rows.map(\.kind)).isSubset(of: ["snapshot", "failure", "note"]))
    }

    @Test func theCurrentRowFollowsTheClockAndKeepsAChosenTwin() {
        let start = TripViewFixtures.start
        let rows = [0, 5, 5, 9].map {
            ReplayEventTable.Row(time: start + .seconds(Int64($0)), kind: "snapshot", detail: "")
        }
        let table = ReplayEventTable(rows: rows)
        #expect(table.current(at: start + .seconds(-1), selected: nil) == 0)
        #expect(table.current(at: start + .seconds(6), selected: nil) == 2)
        #expect(table.current(at: start + .seconds(5), selected: 1) == 1, "two events at 5 s: the chosen one")
        #expect(table.current(at: start + .seconds(9), selected: 1) == 3, "the replay moved on")
    }

    @Test func arrowsPauseTheReplayAtTheSelectedEvent() async throws {
        let recording = try Self.exportRecording()
        let (controls, subscriber) = await Self.controls(recording)
        #expect(Self.events(controls) == nil, "hidden until e")
        #expect(await controls.perform(.toggleEvents) == "event table")
        #expect(Self.events(controls)?.selected == 0)

        #expect(await controls.perform(.selectEvent(by: 3)) == "event 4 of \(recording.events.count)")
        #expect(controls.run.clock.isPaused && controls.run.clock.timestamp == recording.events[3].time)
        #expect(subscriber.snapshot.lastUpdate == recording.events[3].time, "the model shows the trip there")
        #expect(Self.events(controls)?.selected == 3)

        _ = await controls.perform(.selectLastEvent)
        #expect(Self.events(controls)?.selected == recording.events.count - 1)
        _ = await controls.perform(.selectEvent(by: 1))
        #expect(Self.events(controls)?.selected == recording.events.count - 1, "clamped at the end")
        _ = await controls.perform(.selectFirstEvent)
        #expect(controls.run.clock.timestamp == recording.events[0].time)
        #expect(await controls.perform(.toggleEvents) == "map")
    }

    /// The detail is the entry as the export holds it: its response, then with `r` its request.
    @Test func theDetailIsTheEntrysResponseOrRequest() async throws {
        let recording = try Self.exportRecording()
        let (controls, _) = await Self.controls(recording)
        let row = try #require(recording.events.firstIndex { $0.logEntry?.call == "UpdateVehicle" })
        _ = await controls.perform(.selectEvent(by: row))
        let location = try #require(recording.events[row].logEntry)
        let original = try Self.originalEntry(at: location.index)
        let response = try #require(original["jsonPayload"]?["response"])
        let request = try #require(original["jsonPayload"]?["request"])

        // As written: the same value, and with blanks outside strings dropped, a piece of the entry's own text.
        let written = Self.minified(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.exportPath))[location.bytes], as: UTF8.self)
        )
        func expectAsWritten(_ lines: [String], _ value: JSONValue) throws {
            let text = lines.joined(separator: "\n")
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == value)
            #expect(written.contains(Self.minified(text)), "\(text)")
        }
        let shown = try #require(Self.events(controls)?.detail)
        #expect(shown.title == "UpdateVehicle · response")
        try expectAsWritten(shown.lines, response)
        #expect(await controls.perform(.switchEventPart) == "log entry: request")
        let sent = try #require(Self.events(controls)?.detail)
        #expect(sent.title == "UpdateVehicle · request")
        try expectAsWritten(sent.lines, request)

        _ = await controls.perform(.scrollEventDetail(by: 10))
        #expect(Self.events(controls)?.scroll == 10)
        _ = await controls.perform(.selectEvent(by: 1))
        #expect(Self.events(controls)?.scroll == 0, "a new row's entry starts at its top")
    }

    @Test func eventsWithoutALogEntryShowTheirOwnData() async throws {
        let recording = TripViewFixtures.recording()
        let (controls, _) = await Self.controls(recording)
        _ = await controls.perform(.selectEvent(by: 1))
        let detail = try #require(Self.events(controls)?.detail)
        #expect(detail.part == nil && detail.title.contains("no log entry"))
        guard case .snapshot(let trip) = recording.events[1].kind else {
            Issue.record("the fixture's second event is not a snapshot")
            return
        }
        let decoded = try ProtoJSON.decode(Trip.self, from: detail.lines.joined(separator: "\n"))
        #expect(decoded == trip)
    }

    /// JSON text without the blanks between tokens (those inside strings kept).
    static func minified(_ text: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                out.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
                out.append(character)
            } else if !character.isWhitespace {
                out.append(character)
            }
        }
        return out
    }

    /// The export's entry `index` as its file spells it.
    static func originalEntry(at index: Int) throws -> JSONValue {
        let document = try JSONDecoder().decode(
            JSONValue.self, from: try Data(contentsOf: URL(fileURLWithPath: exportPath)))
        guard case .array(let entries)? = document["rawLogs"] else {
            Issue.record("the export has no rawLogs array")
            return .null
        }
        return entries[index]
    }

    // MARK: Goldens

    /// The table over the real export, an UpdateVehicle entry selected, at the three sizes; the request at 120×36.
    @Test(arguments: ScreenFixtures.sizes)
    func eventTableGolden(size: TerminalSize) async throws {
        let recording = try Self.exportRecording()
        let (controls, subscriber) = await Self.controls(recording)
        _ = await controls.perform(.selectEvent(by: 8))
        let name = "replay-events-\(size.width)x\(size.height)"
        ScreenFixtures.check(Self.frame(controls, subscriber, size: size), named: name, title: "event table \(size)")
        if size.width == 120 {
            _ = await controls.perform(.switchEventPart)
            ScreenFixtures.check(
                Self.frame(controls, subscriber, size: size), named: "replay-events-request-120x36",
                title: "event table, request \(size)")
        }
    }

    /// A trip file: the table names events by kind and the pane shows the trip as replayed.
    @Test func eventTableOfATripFileGolden() async throws {
        let (controls, subscriber) = await Self.controls(
            TripViewFixtures.recording(), backendName: "replay trip-1.jsonl")
        _ = await controls.perform(.selectEvent(by: 2))
        let size = TerminalSize(width: 80, height: 24)
        ScreenFixtures.check(
            Self.frame(controls, subscriber, size: size), named: "replay-events-trip-file-80x24",
            title: "event table of a trip file \(size)")
    }

    static func frame(_ controls: ReplayControls, _ subscriber: TripViewSubscriber, size: TerminalSize) -> CellBuffer {
        let screen = TripScreen(
            state: subscriber.snapshot, mode: controls.mode, now: controls.now, timeZone: TripViewFixtures.utc)
        return screen.compose(size: size, map: nil)
    }
}
