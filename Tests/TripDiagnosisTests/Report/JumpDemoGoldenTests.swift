import FleetModel
import Foundation
import TestSupport
import Testing
import TripDiagnosis
import TripRecordings

/// The report cards of Google's real Fleet Debugger demo export, as text and JSON, pinned by golden files
/// (`TRIPTERM_UPDATE_GOLDEN=1` rewrites them): the committed trimmed copy of one trip, and the whole export from
/// `shared/` beside the checkout.
@Suite struct JumpDemoGoldenTests {
    static func golden(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
    }

    /// Every trip of a file, labelled with its name only so that the golden files do not depend on the checkout.
    static func diagnosed(_ path: String) throws -> [DiagnosedTrip] {
        let loaded = try RecordingLoader.load(path: path)
        let file = URL(fileURLWithPath: path).lastPathComponent
        return loaded.recordings.map {
            DiagnosedTrip(file: file, inputWarnings: loaded.warnings.count, diagnosis: Diagnoser().diagnose($0))
        }
    }

    static func check(_ trips: [DiagnosedTrip], as name: String) {
        for (format, suffix) in [(DiagnosisOutput.Format.text, "txt"), (.json, "jsonl"), (.csv, "csv")] {
            Golden.check(DiagnosisOutput.render(trips, format: format) + "\n", against: golden("\(name).\(suffix)"))
        }
    }

    @Test func theTrimmedExportsReportCard() throws {
        let trips = try Self.diagnosed(Repository.file("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json"))
        #expect(trips.count == 1)
        Self.check(trips, as: "jump-demo-a51c8f15")
    }

    @Test func theWholeExportsReportCards() throws {
        let trips = try Self.diagnosed(Repository.file("Tests/Fixtures/jump-demo.json"))
        let ids = trips.map { String($0.diagnosis.card.tripName.tripID.prefix(8)) }
        #expect(ids == ["a51c8f15", "2f03ff03", "d9d7686f", "73a320f8"])
        // What the detectors find in Google's demo: the jump it is named after, the silences around it, the ETA
        // swinging while the car is OFF_ROUTE, a long park, one clock off by half a minute.
        let kinds = Set(trips.flatMap(\.diagnosis.findings).map(\.kind))
        #expect(kinds == [.missingUpdates, .speedJump, .dwell, .etaJump, .offRoute, .clockSkew])
        Self.check(trips, as: "jump-demo")
    }

    @Test func cloudLoggingImportsKeepTheNavigationStatus() throws {
        let path = try Repository.file("Tests/Fixtures/jump-demo.json")
        let recording = try #require(RecordingLoader.load(path: path).recordings.first)
        #expect(recording.navigation.count(where: { $0.status == .offRoute }) == 5)
        #expect(recording.navigation.allSatisfy { $0.vehicleId == "sample-vehicle-id" })
        // One entry per change.
        #expect(zip(recording.navigation, recording.navigation.dropFirst()).allSatisfy { $0.status != $1.status })
        // Trip files cannot hold it: the same trip written out and read back has none.
        let tripFile = try #require(
            RecordingLoader.load(path: Repository.file("Assets/trips/jump-demo-a51c8f15.jsonl"))
                .recordings.first)
        #expect(tripFile.navigation.isEmpty)
    }
}
