import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `kill -9` at random moments (issue #7): whatever the recorder or the server acknowledged must be there
/// afterwards, the files must open, and nothing earlier may be damaged. `TRIPTERM_DURABILITY_TRIALS` sets the
/// number of trials of each (default 100).
@Suite struct KillDurabilityTests {
    static let trials = ProcessInfo.processInfo.environment["TRIPTERM_DURABILITY_TRIALS"].flatMap(Int.init) ?? 100

    /// The recorder's acknowledgement is the printed line: `replay --headless` registers the recorder before the
    /// printer, so a `trip` line on stdout means that snapshot's line was already written to the file.
    @Test func recordedTripFileKeepsEveryPrintedUpdateThroughKill9() async throws {
        try await Self.recorderTrials()
    }

    static func recorderTrials() async throws {
        let directory = try Self.temporaryDirectory("recorder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = Self.repository.appendingPathComponent("Assets/trips/monaco-stops.jsonl").path
        var killedWhileRecording = 0
        var tornLines = 0
        for trial in 0..<Self.trials {
            let file = directory.appendingPathComponent("trial-\(trial).jsonl").path
            let replay = try await ChildProcess.start(
                TriptermBinary.url.path,
                ["replay", sample, "--headless", "--json", "--speed", "max", "--loop", "--record", file],
                separateStandardError: true)
            // Most kills land while recording, however slow the start (sanitizers, a loaded machine); some before.
            if trial % 10 != 0 { _ = await replay.waitForLine(containing: "\"callback\"", timeout: 30) }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...250)))
            try await replay.killHard()

            // Parsing thousands of printed lines is seconds of work in a debug build: on a thread of its own, not
            // on the cooperative pool every other suite's tasks need.
            let output = replay.output
            let printed = try await onOwnThread {
                Self.completeLines(output).compactMap(Self.object)
                    .filter { $0["callback"] as? String == "trip" }.compactMap { $0["time"] as? String }
            }
            guard FileManager.default.fileExists(atPath: file) else {
                #expect(printed.isEmpty, "trial \(trial): \(printed.count) updates printed but no file")
                continue
            }
            // A kill can cut the line being written (a write(2) of several pages stops at a page boundary on
            // SIGKILL): that line was never acknowledged, and readers skip it with a warning.
            let (text, lineCount, notJSON, recorded) = try await onOwnThread {
                let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
                let objects = Self.completeLines(text).map(Self.object)
                let recorded = objects.compactMap { $0 }.filter { $0["snapshot"] != nil }.compactMap {
                    $0["time"] as? String
                }
                return (text, objects.count, objects.contains { $0 == nil }, recorded)
            }
            let torn = !text.isEmpty && !text.hasSuffix("\n")
            if torn { tornLines += 1 }
            #expect(!notJSON, "trial \(trial): a whole line that is not JSON")
            // Every printed update is in the file, in the same order (the file may hold a few more).
            #expect(
                Array(recorded.prefix(printed.count)) == printed,
                "trial \(trial): printed \(printed.count), recorded \(recorded.count)")
            if !recorded.isEmpty { killedWhileRecording += 1 }

            // The file opens with tripterm's own reader (every tenth trial and every torn one: a run takes time).
            if trial % 10 == 0 || torn {
                let list = try await TriptermBinary.run(["replay", file, "--list"])
                #expect(list.status == 0 || lineCount <= 1, "trial \(trial): the file does not open: \(list.stderr)")
            }
        }
        #expect(killedWhileRecording > Self.trials / 2, "most kills should land mid-recording")
        print(
            "KillDurabilityTests: recorder killed \(Self.trials) times, \(killedWhileRecording) mid-recording, \(tornLines) with a torn last line"
        )
    }

    /// The server answers a write only after SQLite made it durable; after `kill -9` and a restart on the same
    /// database every acknowledged write is there, and for each writer the vehicle is at the last acknowledged
    /// location or at the one still in flight.
    @Test func serverKeepsEveryAcknowledgedWriteThroughKill9() async throws {
        try await Self.serverTrials(writers: 4, trials: Self.trials, createsTrips: true)
    }

    /// The same at full load under group commit: 64 drivers each moving its own vehicle as fast as the server
    /// answers, so that kills land in batches of many writes sharing one transaction. A quarter as many trials
    /// (each checks 64 vehicles).
    @Test func serverKeepsEveryAcknowledgedUpdateOfSixtyFourDriversThroughKill9() async throws {
        try await Self.serverTrials(writers: 64, trials: max(1, Self.trials / 4), createsTrips: false)
    }

    /// `trials` kills of a server while `writers` writers move their vehicles (and create a trip before each move
    /// when `createsTrips`), each followed by a restart that checks what was acknowledged.
    static func serverTrials(writers: Int, trials: Int, createsTrips: Bool) async throws {
        let directory = try Self.temporaryDirectory("server")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("fleet.sqlite").path
        var history = WriteHistory(writers: writers)
        var token = ""
        // A connection per writer (URLSession's default is a few per host).
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = writers
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        for trial in 0...trials {
            let server = try await ChildProcess.start(TriptermBinary.url.path, ["serve", "--port", "0", "--db", db])
            let listening = await server.waitForLine(containing: "listening on http://", timeout: 30)
            guard let line = listening, let range = line.range(of: "http://") else {
                try await server.killHard()
                Issue.record(
                    "trial \(trial): the server did not start on the database left by the previous kill: \(server.output)"
                )
                return
            }
            if trial == 0 {
                token = try await TriptermBinary.run(["token", "--server", "--db", db]).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let api = FleetHTTP(url: String(line[range.lowerBound...]), token: token, session: session)
            if trial == 0 {
                for writer in 0..<writers {
                    _ = try await api.send(
                        "POST", "/v1/providers/p/vehicles?vehicleId=v\(writer)", WriteHistory.newVehicle)
                }
            } else {
                // At the end, everything acknowledged in every trial, not only in the last one.
                if trial == trials { history.verifiedTrips = 0 }
                try await history.verify(against: api, trial: trial)
            }
            guard trial < trials else {
                try await server.killHard()
                break
            }
            let started = ContinuousClock.now
            let budget = Duration.milliseconds(Int.random(in: 20...400))
            let outcomes = await withTaskGroup(of: WriterOutcome.self) { group in
                for writer in 0..<writers {
                    let step = history.nextStep[writer]
                    group.addTask {
                        await WriterOutcome.write(
                            writer: writer, from: step, trial: trial, api: api, until: started + budget,
                            createsTrips: createsTrips)
                    }
                }
                // The kill comes while writes are in flight: the writers stop sending at the deadline, not before.
                try? await Task.sleep(until: started + budget)
                _ = try? await server.killHard()
                return await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes { history.record(outcome) }
        }
        let acknowledged = createsTrips ? history.acknowledgedTrips.count : history.acknowledgedUpdates
        #expect(acknowledged > trials, "writes should be acknowledged before most kills")
        let check = try await TriptermBinary.runTool(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('pragma integrity_check').fetchone()[0])",
                db,
            ])
        #expect(check.stdout == "ok\n", "integrity_check: \(check.stdout)\(check.stderr)")
    }

    // MARK: Support

    static var repository: URL { Repository.root }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-durability-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The lines that end in a newline (the last one may have been cut by the kill).
    static func completeLines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        return lines
    }

    static func object(_ line: Substring) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}

/// What the server acknowledged so far, per writer, and what was in flight when it died.
private struct WriteHistory {
    static let newVehicle =
        #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#

    var acknowledgedTrips: [String] = []
    var acknowledgedUpdates = 0
    var verifiedTrips = 0
    /// The next location step each writer sends; steps only grow, so a stored step tells which write won.
    var nextStep: [Int]
    var lastAcknowledgedStep: [Int?]
    var inFlightStep: [Int?]

    init(writers: Int) {
        nextStep = Array(repeating: 0, count: writers)
        lastAcknowledgedStep = Array(repeating: nil, count: writers)
        inFlightStep = Array(repeating: nil, count: writers)
    }

    mutating func record(_ outcome: WriterOutcome) {
        acknowledgedTrips += outcome.acknowledgedTrips
        acknowledgedUpdates += outcome.acknowledgedUpdates
        nextStep[outcome.writer] = outcome.nextStep
        if let step = outcome.lastAcknowledgedStep { lastAcknowledgedStep[outcome.writer] = step }
        inFlightStep[outcome.writer] = outcome.inFlightStep
    }

    /// Every acknowledged trip created since the last check exists; each vehicle holds an acknowledged or in-flight step.
    mutating func verify(against api: FleetHTTP, trial: Int) async throws {
        for id in acknowledgedTrips[verifiedTrips...] {
            let (status, _) = try await api.send("GET", "/v1/providers/p/trips/\(id)", nil)
            #expect(status == 200, "trial \(trial): acknowledged trip \(id) is gone (HTTP \(status))")
        }
        verifiedTrips = acknowledgedTrips.count
        for writer in lastAcknowledgedStep.indices {
            let (status, vehicle) = try await api.send("GET", "/v1/providers/p/vehicles/v\(writer)", nil)
            #expect(status == 200, "trial \(trial): vehicle v\(writer) is gone")
            let latitude =
                ((vehicle["lastLocation"] as? [String: Any])?["location"] as? [String: Any])?["latitude"] as? Double
            let stored = latitude.map(WriterOutcome.step(latitude:))
            // The last acknowledged step (none before the first), or the one cut off in flight.
            var allowed: [Int?] = [lastAcknowledgedStep[writer]]
            if let step = inFlightStep[writer] { allowed.append(step) }
            #expect(
                allowed.contains(stored),
                "trial \(trial): v\(writer) holds step \(stored.map(String.init) ?? "none"), expected one of \(allowed): \(vehicle)"
            )
            lastAcknowledgedStep[writer] = stored
            inFlightStep[writer] = nil
        }
    }
}

/// One writer's run between a start and a kill: creates a trip (if asked), then moves its vehicle, again and again.
private struct WriterOutcome: Sendable {
    var writer: Int
    var acknowledgedTrips: [String] = []
    var acknowledgedUpdates = 0
    var lastAcknowledgedStep: Int?
    var inFlightStep: Int?
    var nextStep: Int

    static func latitude(step: Int) -> Double { 43.70 + Double(step) * 1e-6 }
    static func step(latitude: Double) -> Int { Int(((latitude - 43.70) * 1e6).rounded()) }

    static func write(
        writer: Int, from step: Int, trial: Int, api: FleetHTTP, until deadline: ContinuousClock.Instant,
        createsTrips: Bool
    ) async -> WriterOutcome {
        var outcome = WriterOutcome(writer: writer, nextStep: step)
        var n = 0
        while ContinuousClock.now < deadline {
            if createsTrips {
                let trip = "k\(trial)-w\(writer)-\(n)"
                n += 1
                let body =
                    #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7315,"longitude":7.42}},"dropoffPoint":{"point":{"latitude":43.7395,"longitude":7.428}},"numberOfPassengers":1}"#
                guard let (status, _) = try? await api.send("POST", "/v1/providers/p/trips?tripId=\(trip)", body)
                else { break }
                if status == 200 { outcome.acknowledgedTrips.append(trip) }
            }

            let moving = outcome.nextStep
            outcome.nextStep += 1
            outcome.inFlightStep = moving
            let update = #"{"lastLocation":{"location":{"latitude":\#(latitude(step: moving)),"longitude":7.42}}}"#
            guard
                let (moved, _) = try? await api.send(
                    "PUT", "/v1/providers/p/vehicles/v\(writer)?updateMask=lastLocation", update)
            else { break }
            // Any answer settles the write; only one cut off by the kill stays in flight.
            outcome.inFlightStep = nil
            if moved == 200 {
                outcome.lastAcknowledgedStep = moving
                outcome.acknowledgedUpdates += 1
            }
        }
        return outcome
    }
}
