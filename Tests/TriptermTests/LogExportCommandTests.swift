import Foundation
import TestSupport
import Testing

/// `serve --log-export` and `demo --log-export` write Cloud Logging entries that `check` and `replay` read as they
/// read Google's exports.
@Suite struct LogExportCommandTests {
    static func temporaryDirectory() throws -> URL { try Repository.temporaryDirectory("log-export") }

    @Test(.timeLimit(.minutes(5))) func theDemosExportChecksAndReplays() async throws {
        let file = try Self.temporaryDirectory().appendingPathComponent("demo.jsonl").path
        let demo = try await TriptermBinary.run(["demo", "--headless", "--speed", "100", "--log-export", file])
        #expect(demo.status == 0, "\(demo.stderr)")
        let check = try await TriptermBinary.run(["check", file])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("providers/demo/trips/"), "\(check.stdout)")
        let replay = try await TriptermBinary.run(["replay", file, "--headless", "--speed", "max"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("COMPLETE"))
    }

    /// The demo's server keeps the demo's time, as its cars do, so a city run 10× fast exports a log that reads as
    /// ten ordinary minutes: no clock skew, speed jump or silence made by the speed-up. What is left is what the
    /// cars did — trips still under way when the export stops, a navigator with no road route for a moment — and
    /// none of it is a warning.
    @Test(.timeLimit(.minutes(5))) func aDemoCitysTenMinutesCheckClean() async throws {
        let file = try Self.temporaryDirectory().appendingPathComponent("city.jsonl").path
        let demo = try await ChildProcess.start(
            TriptermBinary.url.path,
            ["demo", "--vehicles", "20", "--speed", "10", "--headless", "--log-export", file])
        try await Task.sleep(for: .seconds(60))
        let status = try await demo.interruptAndWait()
        #expect(status == 0, "\(demo.output)")

        let check = try await TriptermBinary.run(["check", file, "--fail-on", "warning"])
        #expect(check.status == 0, "\(check.stdout)\n\(check.stderr)")
        let trips = check.stdout.components(separatedBy: "\ntrip ").count
        #expect(trips >= 10, "\(check.stdout)")
        #expect(check.stdout.contains("ended        COMPLETE"), "\(check.stdout)")
        let findings = try await TriptermBinary.run(["check", file, "--findings", "--json"])
        let kinds = Set(
            findings.stdout.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
            })
        #expect(kinds.isSubset(of: ["status-order", "off-route"]), "\(findings.stdout)")
    }

    @Test func serveWritesWhatItAnswersAndSaysSoWhenItStops() async throws {
        let directory = try Self.temporaryDirectory()
        let file = directory.appendingPathComponent("calls.json").path
        let db = directory.appendingPathComponent("fleet.sqlite").path
        let process = try await ChildProcess.start(
            TriptermBinary.url.path,
            [
                "serve", "--port", "0", "--no-grpc", "--db", db, "--log-export", file, "--log-export-format",
                "fleet-debugger",
            ])
        let line = await process.waitForLine(containing: "listening on http://", timeout: 30)
        let url = try #require(
            line.flatMap { line in line.range(of: "http://").map { String(line[$0.lowerBound...]) } })
        let token = try await TriptermBinary.run(["token", "--server", "--db", db]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let http = FleetHTTP(url: url, token: token)
        let (created, _) = try await http.send(
            "POST", "/v1/providers/p/vehicles?vehicleId=v1",
            #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#
        )
        #expect(created == 200)
        let (trip, _) = try await http.send(
            "POST", "/v1/providers/p/trips?tripId=t1",
            #"{"vehicleId":"v1","tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"dropoffPoint":{"point":{"latitude":43.75,"longitude":7.44}}}"#
        )
        #expect(trip == 200)
        try await process.interruptAndWait()
        #expect(process.output.contains("log export: 2 entries written to \(file)"), "\(process.output)")

        let check = try await TriptermBinary.run(["check", file])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("providers/p/trips/t1"), "\(check.stdout)")
        let list = try await TriptermBinary.run(["replay", file, "--list"])
        #expect(list.stdout.contains("t1"), "\(list.stdout) \(list.stderr)")
    }

    @Test func anUnwritableExportIsRefusedAtStart() async throws {
        let db = try Self.temporaryDirectory().appendingPathComponent("fleet.sqlite").path
        let out = try await TriptermBinary.run(
            ["serve", "--port", "0", "--no-grpc", "--db", db, "--log-export", "/nonexistent/dir/calls.jsonl"])
        #expect(out.status != 0)
        #expect(out.stderr.contains("cannot create the log export /nonexistent/dir/calls.jsonl"), "\(out.stderr)")
    }
}
