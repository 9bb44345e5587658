import FleetModel
import Foundation
import TestSupport
import Testing

@testable import TripFollowing
@testable import TripRecordings

/// The bundled sample trips are what their generators and importers make; set TRIPTERM_UPDATE_ASSETS=1 to
/// rewrite them.
@Suite struct SampleTripTests {
    static var assets: URL { Repository.root.appendingPathComponent("Assets/trips") }

    static var updating: Bool { ProcessInfo.processInfo.environment["TRIPTERM_UPDATE_ASSETS"] == "1" }

    func check(_ recording: TripRecording, file: String) throws {
        let path = Self.assets.appendingPathComponent(file).path
        if Self.updating { try TripFileWriter.save(recording, to: path, generator: "tripterm sample generator") }
        let (stored, warnings) = try TripFileReader.read(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(warnings.isEmpty)
        #expect(
            stored == recording, "\(file) is stale: run TRIPTERM_UPDATE_ASSETS=1 swift test --filter SampleTripTests")
    }

    @Test func monacoStopsSampleIsUpToDate() throws {
        let recording = SampleTripGenerator.recording()
        #expect(
            recording.statusPath == [
                .new, .enrouteToPickup, .arrivedAtPickup, .enrouteToIntermediateDestination,
                .arrivedAtIntermediateDestination, .enrouteToDropoff, .complete,
            ])
        #expect(recording.events.contains { if case .failure = $0.kind { true } else { false } })
        #expect(
            recording.snapshots.contains {
                $0.trip.currentRouteSegmentTraffic?.speedReadingInterval.contains { $0.speed == .trafficJam } == true
            })
        try check(recording, file: "monaco-stops.jsonl")
    }
}
