import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm replay EXPORT --fleet` without a terminal: the fleet's changes as `tripterm fleet` prints them, in
/// export time order, and one clear line for an input it cannot replay as a fleet.
@Suite struct FleetReplayCommandTests {
    static let export = "Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json"

    @Test func jsonLinesFollowTheVehicleThroughItsTripInExportTimeOrder() async throws {
        let out = try await TriptermBinary.run([
            "replay", try Repository.file(Self.export), "--fleet", "--json", "--speed", "max",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = try out.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        // 38 reports of one vehicle; those that change nothing a listing shows print nothing.
        #expect(lines.count > 20 && lines.count <= 38, "\(lines.count) lines")
        let vehicle = "providers/sample-project-id/vehicles/sample-vehicle-id"
        #expect(lines.first?["event"] == .string("appeared"))
        #expect(
            lines.first?["time"].map { "\($0)".contains("2021-11-13T18:17:51.62247") } == true,
            "the first report's time")
        #expect(lines.dropFirst().allSatisfy { $0["event"] == .string("changed") })
        #expect(lines.allSatisfy { $0["vehicle"] == .string(vehicle) && $0["stale"] == .bool(false) })
        let times = lines.compactMap { line -> String? in if case .string(let t) = line["time"] { t } else { nil } }
        #expect(times == times.sorted(), "in export time order")
        // Before the trip, on it, after it was canceled: the vehicle's current trips as Fleet Engine kept them.
        let onTrip = lines.map { $0["value"]?["currentTrips"] != nil }
        let runs = onTrip.reduce(into: [Bool]()) { runs, value in if runs.last != value { runs.append(value) } }
        #expect(runs == [false, true, false], "\(onTrip)")
        #expect(lines.allSatisfy { $0["value"]?["lastLocation"]?["location"] != nil })
    }

    /// `--stale 60`: the trimmed export's gaps of up to 149 s between reports make the vehicle stale on the
    /// replay's clock a minute after a report, between two reports, and fresh again at the next.
    @Test func theStaleThresholdIsJudgedOnTheReplaysClock() async throws {
        let out = try await TriptermBinary.run([
            "replay", try Repository.file(Self.export), "--fleet", "--json", "--speed", "max", "--stale", "60",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = try out.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        let stale = lines.map { $0["stale"] == .bool(true) }
        #expect(stale.contains(true))
        #expect(zip(stale, stale.dropFirst()).contains { $0 && !$1 }, "fresh again at the next report")
    }

    @Test func textLinesAreTheFleetPrintersWhenOutputIsNotATerminal() async throws {
        let out = try await TriptermBinary.run([
            "replay", try Repository.file(Self.export), "--fleet", "--speed", "max",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let first = try #require(out.stdout.split(separator: "\n").first)
        #expect(first.hasPrefix("2021-11-13T18:17:51.62247"), "\(first)")
        #expect(first.contains("  appeared   providers/sample-project-id/vehicles/sample-vehicle-id  "), "\(first)")
    }

    @Test func inputsThatAreNotAFleetFailWithOneClearLine() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tripsOnly = dir.appendingPathComponent("trips-only.json")
        try Data(
            #"[{"insertId":"c","logName":"projects/p/logs/fleetengine.googleapis.com%2Fcreate_trip","timestamp":"2025-01-01T00:00:00Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.CreateTripLog","request":{"tripId":"t1"},"response":{"name":"providers/p/trips/t1","status":"TRIP_STATUS_NEW"}}}]"#
                .utf8
        ).write(to: tripsOnly)
        let cases: [([String], String)] = [
            (
                ["replay", Repository.path("Assets/trips/monaco-stops.jsonl"), "--fleet"],
                "monaco-stops.jsonl: a trip file (one trip), not a Cloud Logging export"
            ),
            (
                ["replay", tripsOnly.path, "--fleet"],
                "trips-only.json: no successful UpdateVehicle entries: no vehicles"
            ),
            (["replay", try Repository.file(Self.export), "--fleet", "--trip", "a51c"], "--fleet plays every vehicle"),
            (["replay", try Repository.file(Self.export), "--hide-stale"], "--stale and --hide-stale go with --fleet"),
        ]
        for (arguments, message) in cases {
            let out = try await TriptermBinary.run(arguments)
            out.expectClearFailure(containing: message, for: arguments)
        }
    }
}
