import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm check` as a CI job runs it: the output shapes, and exit status 0 (read, nothing --fail-on names), 1 (a
/// finding it names) and 2 (an input that cannot be read, with one line per file and nothing on standard output).
@Suite struct CheckCommandTests {
    static let clean = Repository.path("Assets/trips/monaco-stops.jsonl")
    static let export = Repository.path("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json")
    static let kinds: Set<String> = [
        "missing-updates", "speed-jump", "dwell", "eta-jump", "off-route", "clock-skew", "status-order", "stale-at-end",
        "geofence",
    ]

    static func temporaryDirectory() throws -> URL { try Repository.temporaryDirectory("check") }

    @Test func aCleanTripPrintsItsReportCardAndExitsZero() async throws {
        let out = try await TriptermBinary.run(["check", Self.clean, "--fail-on", "any"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.isEmpty)
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.first == "trip         monaco-stops  (providers/tripterm-demo/trips/monaco-stops)")
        #expect(lines.contains("ended        COMPLETE at 2026-11-01T09:11:55Z, after ENROUTE_TO_DROPOFF"))
        #expect(lines.contains("findings     none"))
    }

    /// A Deliveries API export: a report card per van (text and JSON) with its findings, which `--fail-on` and
    /// `--findings` take as a trip's; `replay` says where to look instead.
    @Test func aDeliveryExportGetsAVansCard() async throws {
        let file = try Repository.file("Tests/TripDiagnosisTests/Fixtures/delivery-day.json")
        let out = try await TriptermBinary.run(["check", file, "--fail-on", "error"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("van          van-7  (providers/lmfs-sample/deliveryVehicles/van-7)"))
        #expect(out.stdout.contains("tasks        3 succeeded, 1 failed, 0 closed without an outcome, 0 open"))
        #expect(out.stdout.contains("findings     3: 3 warnings"))
        // The van is silent while it waits at each stop: three missing-updates warnings.
        let failing = try await TriptermBinary.run(["check", file, "--fail-on", "missing-updates", "--findings"])
        #expect(failing.status == 1)
        let lines = failing.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines.allSatisfy { $0.contains("missing-updates  van-7  no vehicle report") })
        let json = try await TriptermBinary.run(["check", file, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        #expect((object["served"] as? [Any])?.count == 3)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(
            findings.map { $0["deliveryVehicle"] as? String }
                == Array(repeating: "providers/lmfs-sample/deliveryVehicles/van-7", count: 3))
        let replay = try await TriptermBinary.run(["replay", file, "--headless"])
        #expect(replay.status != 0)
        #expect(replay.stderr.contains("`replay --fleet` plays the vans' day, `check` gives a report card per van"))
        // --fleet plays the van: its reports as the fleet printer's lines, under its own name.
        let fleet = try await TriptermBinary.run(["replay", file, "--fleet", "--speed", "max", "--json"])
        #expect(fleet.status == 0, "\(fleet.stderr)")
        #expect(fleet.stdout.contains("providers/lmfs-sample/deliveryVehicles/van-7"), "\(fleet.stdout.prefix(500))")
    }

    @Test func failOnChoosesWhatMakesTheStatusOne() async throws {
        // The trimmed export has two eta-jump warnings and a dwell (info), and no error.
        let cases: [(String, Int32)] = [
            ("any", 1), ("eta-jump", 1), ("dwell", 1), ("warning", 1), ("info", 1), ("error", 0),
            ("speed-jump,status-order", 0), ("speed-jump,eta-jump", 1),
        ]
        for (failOn, status) in cases {
            let out = try await TriptermBinary.run(["check", Self.export, "--json", "--fail-on", failOn])
            #expect(out.status == status, "--fail-on \(failOn): \(out.stderr)")
            #expect(out.stdout.split(separator: "\n").count == 1, "the output is the same whatever the status")
        }
        let plain = try await TriptermBinary.run(["check", Self.export])
        #expect(plain.status == 0, "without --fail-on, findings do not fail")
    }

    @Test func jsonIsOneObjectPerTripWithItsFindings() async throws {
        let out = try await TriptermBinary.run(["check", Self.clean, Self.export, "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let objects = try out.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        let ids = objects.map { $0["tripId"] }
        #expect(ids == [.string("monaco-stops"), .string("a51c8f15-47c0-4bae-8262-8421b0a3e058")])
        for key in [
            "file", "trip", "vehicles", "statuses", "ending", "drive", "pickupETA", "dropoffETA", "updates",
            "stops", "offRoute", "findings", "inputWarnings",
        ] {
            #expect(objects.allSatisfy { $0[key] != nil }, "\(key)")
        }
        // A trip file holds no navigation status: unknown, not "no episodes".
        #expect(objects[0]["offRoute"] == .null)
        #expect(objects[1]["offRoute"] == .array([]))
        guard case .array(let findings) = objects[1]["findings"] else { throw CheckFailure("no findings array") }
        #expect(findings.map { $0["kind"] } == [.string("eta-jump"), .string("eta-jump"), .string("dwell")])
        for finding in findings {
            guard case .string(let kind) = finding["kind"], case .string(let start) = finding["start"],
                case .string(let end) = finding["end"], case .string(let severity) = finding["severity"]
            else { throw CheckFailure("a finding without kind, start, end or severity: \(finding)") }
            #expect(Self.kinds.contains(kind))
            #expect(["info", "warning", "error"].contains(severity))
            #expect(try ProtoTimestamp(rfc3339: start) <= ProtoTimestamp(rfc3339: end))
        }
    }

    @Test func csvHasAHeaderAndOneRowPerTrip() async throws {
        let out = try await TriptermBinary.run(["check", Self.clean, Self.export, "--csv"])
        #expect(out.status == 0, "\(out.stderr)")
        let rows = out.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count == 3)
        #expect(rows[0].prefix(4) == ["file", "trip", "vehicles", "status_path"])
        #expect(rows.allSatisfy { $0.count == rows[0].count }, "no cell of these holds a comma")
        let column = try #require(rows[0].firstIndex(of: "eta-jump"))
        #expect(rows[1][column] == "0")
        #expect(rows[2][column] == "2")
    }

    @Test func findingsAloneOnePerLineOrRow() async throws {
        let lines = try await TriptermBinary.run(["check", Self.export, "--findings", "--json"])
        let kinds = try lines.stdout.split(separator: "\n").map { line -> JSONValue? in
            try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))["kind"]
        }
        #expect(kinds == [.string("eta-jump"), .string("eta-jump"), .string("dwell")])
        let csv = try await TriptermBinary.run(["check", Self.export, "--findings", "--csv"])
        #expect(csv.stdout.split(separator: "\n").first == "file,trip,kind,severity,start,end,detail")
        #expect(csv.stdout.split(separator: "\n").count == 4)
        let none = try await TriptermBinary.run(["check", Self.clean, "--findings"])
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
    }

    @Test func thresholdFlagsChangeWhatIsFound() async throws {
        let strict = try await TriptermBinary.run(
            ["check", Self.export, "--findings", "--csv", "--eta-jump", "900", "--dwell-time", "600"])
        #expect(strict.stdout.split(separator: "\n").count == 1, "only the header: \(strict.stdout)")
        let loose = try await TriptermBinary.run(["check", Self.clean, "--findings", "--csv", "--plausible-speed", "5"])
        #expect(loose.stdout.contains(",speed-jump,warning,"))
    }

    @Test func unreadableInputIsStatusTwoWithOneLinePerFile() async throws {
        let dir = try Self.temporaryDirectory()
        let torn = dir.appendingPathComponent("bad.jsonl")
        let lines = try String(contentsOfFile: Self.clean, encoding: .utf8).split(separator: "\n")
        try (lines[0...2].joined(separator: "\n") + "\n{\"snapshot\": 12, \"time\": \"x\"}\n" + lines[3] + "\n")
            .write(to: torn, atomically: true, encoding: .utf8)
        let missing = dir.appendingPathComponent("missing.json").path
        let out = try await TriptermBinary.run(["check", Self.clean, torn.path, missing, "--json"])
        #expect(out.status == 2)
        #expect(out.stdout.isEmpty, "no partial report")
        let errors = out.stderr.split(separator: "\n")
        #expect(errors.count == 2, "\(out.stderr)")
        #expect(errors.first?.hasPrefix("\(torn.path):4:") == true, "FILE:LINE: \(out.stderr)")
        #expect(errors.last == "\(missing): no such file")
        #expect(!out.stderr.contains("Fatal error"))
    }

    @Test func aTripNoFileHoldsIsStatusTwo() async throws {
        let one = try await TriptermBinary.run(["check", Self.clean, "--trip", "nope"])
        #expect(one.status == 2)
        #expect(one.stderr.contains("no trip \"nope\" in the file; it has: monaco-stops"), "\(one.stderr)")
        let two = try await TriptermBinary.run(["check", Self.clean, Self.export, "--trip", "a51c", "--json"])
        #expect(two.status == 0)
        #expect(two.stdout.split(separator: "\n").count == 1)
        let none = try await TriptermBinary.run(["check", Self.clean, Self.export, "--trip", "nope"])
        #expect(none.status == 2)
        #expect(none.stdout.isEmpty)
    }

    @Test func skippedLogEntriesAreWarningsTheReportCounts() async throws {
        let dir = try Self.temporaryDirectory()
        let copy = dir.appendingPathComponent("export.json")
        var lines = try String(contentsOfFile: Self.export, encoding: .utf8).split(separator: "\n").map(String.init)
        // An UpdateVehicle entry without a response: the importer skips it with a warning.
        let index = try #require(lines.firstIndex { $0.contains("UpdateVehicleLog") && $0.contains("\"response\"") })
        lines[index] = lines[index].replacingOccurrences(of: "\"response\"", with: "\"noResponse\"")
        try lines.joined(separator: "\n").write(to: copy, atomically: true, encoding: .utf8)
        let out = try await TriptermBinary.run(["check", copy.path, "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("warning:"))
        let object = try JSONDecoder().decode(JSONValue.self, from: Data(out.stdout.utf8))
        #expect(object["inputWarnings"] == .number(1))
        let text = try await TriptermBinary.run(["check", copy.path])
        #expect(text.stdout.contains("input        1 problem skipped while reading"))
    }

    @Test func badOptionsAreUsageErrors() async throws {
        let cases: [([String], String)] = [
            (["check", Self.clean, "--fail-on", "teleport"], "unknown finding kind or severity 'teleport'"),
            (["check", Self.clean, "--json", "--csv"], "--json and --csv do not go together"),
            (["check", Self.clean, "--dwell-time", "nan"], "--dwell-time must be a number ≥ 0"),
            (["check"], "Missing expected argument"),
        ]
        for (arguments, message) in cases {
            let out = try await TriptermBinary.run(arguments)
            #expect(out.status == 64, "\(arguments)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
            #expect(out.stdout.isEmpty)
        }
    }
}

struct CheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension CheckCommandTests {
    /// `--geofence NAME=WKT`: the recording's entries and exits of a fence are findings (info), as `serve
    /// --geofence` would have sent them as events; a fence that does not parse stops `check` before it reads.
    @Test func geofencesAreCrossedAsTheServerWouldSayIt() async throws {
        let shape = try Repository.file("Tests/TripDiagnosisTests/Fixtures/shape-intermediate.json")
        // Around the trip's first intermediate destination (1,800 m north, 800 m east of the origin).
        let fence = "stop-1=CIRCLE (37.7910696 -122.4103081, 100)"
        let out = try await TriptermBinary.run([
            "check", shape, "--geofence", fence, "--findings", "--fail-on", "geofence",
        ])
        #expect(out.status == 1, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(out.stdout)")
        #expect(lines.first?.contains("info     geofence         multi-a  entered stop-1 at") == true)
        #expect(lines.last?.contains("left stop-1 at") == true)
        let bad = try await TriptermBinary.run(["check", shape, "--geofence", "x=POLYGON ((1 1, 2 2))"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--geofence: x:"), "\(bad.stderr)")
    }
}
