import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm replay` and `tripterm export` as a user runs them.
@Suite struct ReplayCommandTests {
    static let sample = "Assets/trips/monaco-stops.jsonl"
    static let export = "Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json"

    static func asset(_ path: String) -> String { Repository.path(path) }

    static func temporaryDirectory() -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func headlessReplayPrintsEveryCallbackAndEndsWithTheTrip() async throws {
        let out = try await TriptermBinary.run(["replay", Self.asset(Self.sample), "--headless", "--speed", "max"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.count > 20)
        #expect(lines.first?.contains("status") == true)
        #expect(lines.contains { $0.contains("status") && $0.hasSuffix("COMPLETE") })
        #expect(lines.contains { $0.contains("intermediateDestinations") })
        #expect(lines.contains { $0.contains("traffic") && $0.contains("TRAFFIC_JAM") })
        #expect(out.stderr.isEmpty)
    }

    @Test func jsonLinesCarryFleetEngineJSON() async throws {
        let out = try await TriptermBinary.run([
            "replay", Self.asset(Self.sample), "--headless", "--json", "--speed", "max",
        ])
        #expect(out.status == 0)
        let values = try out.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        #expect(values.first?["callback"] == .string("status"))
        #expect(
            values.contains {
                $0["callback"] == .string("vehicleLocation") && $0["value"]?["location"]?["latitude"] != nil
            })
        #expect(values.allSatisfy { if case .string = $0["time"] { true } else { false } })
    }

    /// `| head`: when the reader goes away the process ends by SIGPIPE, like other tools, even where SIGPIPE is
    /// ignored (as the HTTP stack of `rider` and `driver` sets it): no trap, no backtrace.
    @Test func aClosedPipeEndsTheOutputLikeOtherTools() async throws {
        let command =
            "trap '' PIPE; \"$0\" replay \"$1\" --headless --speed max | head -2; echo \"status ${PIPESTATUS[0]}\" >&2"
        let out = try await TriptermBinary.runTool(
            "/bin/bash", ["-c", command, TriptermBinary.url.path, Self.asset(Self.sample)])
        #expect(out.stdout.split(separator: "\n").count == 2)
        #expect(out.stderr == "status 141\n", "128 + SIGPIPE, and nothing else on stderr: \(out.stderr)")
    }

    @Test func replayingWithRecordWritesAFileThatReplaysTheSame() async throws {
        let dir = Self.temporaryDirectory()
        let copy = dir.appendingPathComponent("copy.jsonl").path
        let first = try await TriptermBinary.run([
            "replay", Self.asset(Self.sample), "--headless", "--speed", "max", "--record", copy,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await TriptermBinary.run(["replay", copy, "--headless", "--speed", "max"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
    }

    @Test func badInputsFailWithOneClearLine() async throws {
        let dir = Self.temporaryDirectory()
        let unknown = dir.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: unknown)
        let truncated = dir.appendingPathComponent("trip.jsonl.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4B, 0x4C]).write(to: truncated)
        let cases: [([String], String)] = [
            (
                ["replay", dir.appendingPathComponent("missing.jsonl").path, "--headless"],
                "missing.jsonl: no such file"
            ),
            (["replay", dir.path, "--headless"], "is a directory"),
            // Empty and readable (a device): said so, not "permission denied?".
            (["replay", "/dev/null", "--headless"], "/dev/null: the file is empty"),
            (["check", "/dev/null"], "/dev/null: the file is empty"),
            (["replay", unknown.path, "--headless"], "unknown format: expected a tripterm trip file"),
            (["replay", truncated.path, "--headless"], "truncated gzip data"),
            (
                ["replay", Self.asset(Self.sample), "--headless", "--trip", "nope"],
                "no trip \"nope\" in the file; it has: "
            ),
            (
                ["replay", Self.asset(Self.sample), "--speed", "fast"],
                "--speed must be a number from 0.5 to 1000 or 'max'"
            ),
            (
                ["replay", Self.asset(Self.export), "--headless", "--vehicle", "taxi-9"],
                "no vehicle \"taxi-9\" in the file; it has: sample-vehicle-id (trips a51c8f15-"
            ),
            (
                ["replay", Self.asset(Self.export), "--vehicle", "sample", "--trip", "a51c"],
                "--trip and --vehicle do not go together"
            ),
        ]
        for (arguments, message) in cases {
            let out = try await TriptermBinary.run(arguments)
            out.expectClearFailure(containing: message, for: arguments)
            #expect(!out.stderr.contains("Fatal error"))
        }
    }

    /// `--vehicle`: every trip of the car in the real export, one after another, through one model to the end.
    @Test func vehicleReplaysEveryTripOfTheCarInTurn() async throws {
        let export = try Repository.file("Tests/Fixtures/jump-demo.json")
        let out = try await TriptermBinary.run([
            "replay", export, "--headless", "--json", "--speed", "max", "--vehicle", "sample-vehicle-id",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let statuses = try out.stdout.split(separator: "\n").compactMap { line -> String? in
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
            guard value["callback"] == .string("status"), case .string(let status)? = value["value"] else { return nil }
            return status
        }
        // Four trips, each canceled in the end, and the replay went on after each.
        #expect(statuses.filter { $0 == "CANCELED" }.count == 4, "\(statuses)")
        #expect(statuses.filter { $0 == "NEW" }.count == 4, "\(statuses)")
        // --list says which vehicle each trip had.
        let list = try await TriptermBinary.run(["replay", export, "--list"])
        let rows = list.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix("TRIP") == true && rows.first?.contains("VEHICLE") == true)
        #expect(rows.dropFirst().count == 4 && rows.dropFirst().allSatisfy { $0.contains(" sample-vehicle-id ") })
    }

    @Test func exportConvertsToEveryFormatAndBack() async throws {
        let dir = Self.temporaryDirectory()
        for format in ["gpx", "geojson", "trip"] {
            let output = dir.appendingPathComponent("out.\(format)").path
            let out = try await TriptermBinary.run(["export", Self.asset(Self.sample), "--to", format, "-o", output])
            #expect(out.status == 0, "\(format): \(out.stderr)")
            let back = try await TriptermBinary.run(["replay", output, "--list"])
            #expect(back.status == 0, "\(format): \(back.stderr)")
            #expect(back.stdout.contains("COMPLETE"), "\(format): \(back.stdout)")
        }
        let gpx = try await TriptermBinary.run(["export", Self.asset(Self.sample), "--to", "gpx"])
        #expect(gpx.stdout.hasPrefix("<?xml"))
        #expect(gpx.stdout.contains("<trkpt"))
    }

    /// `kill -9` in the middle of a recording loses at most the last second and never an earlier line.
    @Test func aRecorderKilledMidwayLeavesAReadableFile() async throws {
        let dir = Self.temporaryDirectory()
        let record = dir.appendingPathComponent("killed.jsonl").path
        let replay = try await ChildProcess.start(
            TriptermBinary.url.path,
            ["replay", Self.asset(Self.sample), "--headless", "--speed", "20", "--record", record])
        // Killed once it is recording, however slowly it starts (a sanitizer, a loaded machine): a few lines in.
        let deadline = ContinuousClock.now + .seconds(60)
        func recorded() -> Int {
            ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        while recorded() < 5, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...300)))
        try await replay.killHard()
        #expect(replay.endedBySignal)
        let check = try await TriptermBinary.run(["replay", record, "--list"])
        #expect(check.status == 0, "\(check.stderr)")
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 5, "killed after a few lines were recorded: \(lines.count) lines")
        for line in lines.dropLast() {
            #expect((try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))) != nil)
        }
    }
}
