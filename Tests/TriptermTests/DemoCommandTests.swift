import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `tripterm demo`: the embedded server, the simulated driver and the rider together, as `make demo` runs them.
@Suite struct DemoCommandTests {
    /// Without a terminal the demo prints the rider's callbacks: the trip goes through every status of a trip
    /// with one intermediate stop, in order, the car moves, and the command exits 0 at COMPLETE.
    ///
    /// Limited in time: once under ASan (2026-11-27) the demo stalled with its trip still on its way to the pickup,
    /// every task parked and nothing scheduled, and the run waited for ever; a limit makes that a failure.
    @Test(.timeLimit(.minutes(5))) func headlessDemoFollowsTheTripToTheEnd() async throws {
        let out = try await TriptermBinary.run(["demo", "--headless", "--speed", "50"])
        #expect(out.status == 0, "\(out.stderr)")
        let statuses = out.stdout.split(separator: "\n").filter { $0.contains("  status ") }.compactMap {
            $0.split(separator: " ").last.map(String.init)
        }
        // NEW shows only when the first poll comes before the driver accepts the trip.
        #expect(
            statuses.drop { $0 == "NEW" } == [
                "ENROUTE_TO_PICKUP", "ARRIVED_AT_PICKUP", "ENROUTE_TO_INTERMEDIATE_DESTINATION",
                "ARRIVED_AT_INTERMEDIATE_DESTINATION", "ENROUTE_TO_DROPOFF", "COMPLETE",
            ])
        let fixes = Set(
            out.stdout.split(separator: "\n").filter { $0.contains("vehicleLocation") && $0.contains("heading") })
        #expect(fixes.count > 5, "the car should move: \(fixes.count) positions")
        #expect(out.stdout.contains("remainingWaypoints"))
    }

    @Test(.timeLimit(.minutes(5))) func recordsTheTripForReplay() async throws {
        let dir = ReplayCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("demo.jsonl").path
        let demo = try await TriptermBinary.run(["demo", "--headless", "--speed", "100", "--record", file])
        #expect(demo.status == 0, "\(demo.stderr)")
        let replay = try await TriptermBinary.run(["replay", file, "--headless", "--speed", "max"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("COMPLETE"))
    }

    /// Without a terminal `demo --deliveries` prints the tracked parcel's lines: the van's stops before it count
    /// down, the van moves, and the command exits 0 once the parcel's task is closed SUCCEEDED.
    @Test(.timeLimit(.minutes(5))) func headlessDeliveriesDemoTracksTheParcelToItsDoor() async throws {
        let out = try await TriptermBinary.run(["demo", "--deliveries", "--headless", "--speed", "50"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n")
        let counts = lines.filter { $0.contains("remainingStopCount") }.map {
            $0.split(separator: " ", maxSplits: 2).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        #expect(counts.first == "4 stops away", "\(counts)")
        #expect(counts.contains("the next stop"), "\(counts)")
        #expect(Set(lines.filter { $0.contains("vehicleLocation") }).count > 5, "the van should move")
        #expect(out.stdout.contains("closed                      SUCCEEDED"), "\(out.stdout.suffix(800))")
        let rejected = try await TriptermBinary.run(["demo", "--deliveries", "--vehicles", "3"])
        #expect(rejected.status != 0)
        #expect(rejected.stderr.contains("--deliveries is a van's day"))
    }

    @Test func rejectsASpeedOutOfRange() async throws {
        let out = try await TriptermBinary.run(["demo", "--speed", "0"])
        #expect(out.status != 0)
        #expect(out.stderr.contains("--speed must be a factor from 1 to 100"))
    }

    @Test func rejectsACityOutOfRangeOrRecorded() async throws {
        let none = try await TriptermBinary.run(["demo", "--vehicles", "0"])
        #expect(none.status != 0)
        #expect(none.stderr.contains("--vehicles must be from 1 to 2000, not 0"))
        let recorded = try await TriptermBinary.run(["demo", "--vehicles", "5", "--record", "/tmp/x.trip"])
        #expect(recorded.status != 0)
        #expect(recorded.stderr.contains("--record records one trip: it does not go with --vehicles"))
    }

    /// Without a terminal the city prints its fleet, one JSON line per vehicle change, until interrupted.
    @Test func headlessCityPrintsFleetChanges() async throws {
        let process = try await ChildProcess.start(
            TriptermBinary.url.path, ["demo", "--vehicles", "5", "--headless", "--json"])
        let line = await process.waitForLine(containing: "car-5", timeout: 30)
        try await process.killHard()
        let json = try #require(
            line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(json["vehicle"] as? String == "providers/demo/vehicles/car-5")
        #expect(json["event"] as? String == "appeared")
        #expect((json["value"] as? [String: Any])?["vehicleState"] as? String == "ONLINE")
    }
}

/// The rider's screen on a real terminal, following the demo's live trip over HTTP, and Tab to the driver console.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct RiderScreenTests {
    @Test func showsTheLiveTripAndRestoresTheTerminalOnQuit() async throws {
        // ×2, not faster: the car starts about 100 m from the pickup, and at ×5 a full, loaded run's first frame
        // came after it had arrived (seen twice), so "Enroute to pickup" was never on screen.
        let session = try await TmuxSession.start(width: 120, height: 36) { dir in
            "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' demo --speed 2; "
                + "echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
        }
        let screen = try await session.expectScreen(
            showing: "Enroute to pickup", " update", "demo · http://127.0.0.1:", "Pickup", "Dropoff", "Next stops",
            "├", " m", "Tab driver")  // the last two: the scale bar
        #expect(screen.contains("◎") || screen.contains("⚑"), "pickup or dropoff marker on the map")
        // The car moves: its heading arrow is drawn once the first reports arrive.
        let moving = try await session.waitForScreen(timeout: .seconds(20)) { s in
            "↑↗→↘↓↙←↖".contains { s.contains($0) }
        }
        #expect("↑↗→↘↓↙←↖".contains { moving.contains($0) })
        try await session.send("a")
        try await session.expectScreen(showing: "free camera")
        try await session.send("f")
        let followed = try await session.waitForScreen { !$0.contains("free camera") }
        #expect(!followed.contains("free camera"))
        try await session.send("Tab")
        // The driver console.
        try await session.expectScreen(showing: "Reporter", "providers/demo/vehicles/car-", "tracking on", "Tab rider")
        try await session.send("Tab")
        // Back on the rider's screen (its hints; "Next stops" would be gone once the trip is over).
        try await session.expectScreen(showing: "Tab driver", "demo · http://127.0.0.1:")
        try await session.send("q")
        try await session.expectExitStatus()
        let (after, before) = (await session.waitForFile("after"), await session.waitForFile("before"))
        #expect(after == before)
        #expect(try await session.value("#{alternate_on}") == "0")
        #expect(try await session.value("#{cursor_flag}") == "1")
    }
}
