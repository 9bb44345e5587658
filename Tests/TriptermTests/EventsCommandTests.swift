import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

/// Events through the binary: `serve --events-url` loses no event through `kill -9` (the outbox shares the write's
/// transaction), `tripterm events` prints what was recorded, and bad events options stop `serve` before it starts.
@Suite struct EventsCommandTests {
    /// Trials of the kill test; `scripts/events-kill-trials.sh` runs it with more.
    static let trials = ProcessInfo.processInfo.environment["TRIPTERM_EVENT_TRIALS"].flatMap(Int.init) ?? 4

    let directory: URL

    init() throws {
        directory = try Repository.temporaryDirectory("events")
    }

    /// `serve` with `arguments` on the test's database, and its REST URL once it listens.
    func startServer(_ arguments: [String]) async throws -> (process: ChildProcess, url: String) {
        let db = directory.appendingPathComponent("fleet.sqlite").path
        let process = try await ChildProcess.start(
            TriptermBinary.url.path, ["serve", "--port", "0", "--no-grpc", "--db", db] + arguments)
        let line = await process.waitForLine(containing: "listening on http://", timeout: 30)
        guard let line, let range = line.range(of: "http://") else {
            try await process.killHard()
            throw EventsTestFailure("the server did not start: \(process.output)")
        }
        return (process, String(line[range.lowerBound...]))
    }

    func serverToken() async throws -> String {
        let db = directory.appendingPathComponent("fleet.sqlite").path
        return try await TriptermBinary.run(["token", "--server", "--db", db]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let onlineVehicle =
        #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#

    @Test func everyAcknowledgedWriteHasItsEventDeliveredAfterKill9() async throws {
        // The receiver refuses (503) until the end, so every delivery fails while the killed servers live. It keeps
        // its port throughout: closed and opened again later, the port went to another test's server in between.
        let accepting = NIOLockedValueBox(false)
        let received = NIOLockedValueBox<[String]>([])
        let receiver = try await LoopbackHTTPServer.start { request in
            guard accepting.withLockedValue({ $0 }) else {
                return .raw(status: 503, contentType: "text/plain", body: "not yet")
            }
            received.withLockedValue { $0.append(request.body) }
            return .raw(status: 204, contentType: "text/plain", body: "")
        }
        let hook = "http://127.0.0.1:\(receiver.port)/hooks"
        var acknowledged: [String] = []
        var token = ""
        for trial in 0..<Self.trials {
            let server = try await startServer(["--events-url", hook])
            if trial == 0 { token = try await serverToken() }
            let api = FleetHTTP(url: server.url, token: token)
            for index in 0..<3 {
                let id = "v\(trial)-\(index)"
                let (status, _) = try await api.send(
                    "POST", "/v1/providers/p/vehicles?vehicleId=\(id)", Self.onlineVehicle)
                #expect(status == 200)
                acknowledged.append("providers/p/vehicles/\(id)")
            }
            try await server.process.killHard()
        }
        accepting.withLockedValue { $0 = true }
        let server = try await startServer(["--events-url", hook])
        let deadline = ContinuousClock.now + .seconds(30)
        func vehicles() -> [String] {
            received.withLockedValue { bodies in
                bodies.compactMap { body in
                    (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["vehicle"] as? String
                }
            }
        }
        while Set(vehicles()).count < acknowledged.count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(Set(vehicles()) == Set(acknowledged), "every acknowledged vehicle's ONLINE event")
        print(
            "EventsCommandTests: \(Self.trials) kills, \(acknowledged.count) acknowledged writes, \(Set(vehicles()).count) delivered"
        )
        _ = try await server.process.interruptAndWait()
        await receiver.stop()
    }

    @Test func eventsPrintsWhatTheServerRecordedAndFollowsNewOnes() async throws {
        let server = try await startServer(["--events"])
        let token = try await serverToken()
        let api = FleetHTTP(url: server.url, token: token)
        _ = try await api.send("POST", "/v1/providers/p/vehicles?vehicleId=v1", Self.onlineVehicle)
        let listed = try await TriptermBinary.run([
            "events", "--provider", "p", "--backend", server.url, "--token", token,
        ])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("#1 "), "\(listed.stdout)")
        #expect(listed.stdout.contains("vehicle-state providers/p/vehicles/v1: none → ONLINE"), "\(listed.stdout)")

        let follow = try await ChildProcess.start(
            TriptermBinary.url.path,
            [
                "events", "--provider", "providers/p", "--backend", server.url, "--token", token, "--follow", "--json",
                "--after", "1", "--interval", "0.2",
            ])
        _ = try await api.send(
            "POST", "/v1/providers/p/trips?tripId=t1",
            #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"dropoffPoint":{"point":{"latitude":43.75,"longitude":7.44}},"numberOfPassengers":1}"#
        )
        let line = await follow.waitForLine(containing: "trip-status", timeout: 30)
        #expect(line?.contains(#""eventId":2"#) == true, "\(follow.output)")
        #expect(line?.contains(#""after":{"tripStatus":"NEW"}"#) == true, "\(follow.output)")
        #expect(!follow.output.contains(#""eventId":1,"#), "--after 1 leaves the first out")
        await follow.stop()
        _ = try await server.process.interruptAndWait()
    }

    /// `--last N` prints the newest N; a server started without events makes the command fail with the server's
    /// word — even following, which would otherwise wait for events that never come — though an earlier run
    /// recorded some.
    @Test func lastPrintsTheNewestAndEventsOffIsAFailure() async throws {
        let server = try await startServer(["--events"])
        let token = try await serverToken()
        let api = FleetHTTP(url: server.url, token: token)
        for id in ["v1", "v2", "v3"] {
            _ = try await api.send("POST", "/v1/providers/p/vehicles?vehicleId=\(id)", Self.onlineVehicle)
        }
        let base = ["events", "--provider", "p", "--backend", server.url, "--token", token]
        let last = try await TriptermBinary.run(base + ["--last", "2"])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(
            last.stdout.split(separator: "\n").map { $0.split(separator: " ").first ?? "" } == ["#2", "#3"],
            "\(last.stdout)")
        let both = try await TriptermBinary.run(base + ["--last", "2", "--after", "1"])
        #expect(both.status != 0 && both.stderr.contains("--last and --after cannot go together"), "\(both.stderr)")
        _ = try await server.process.interruptAndWait()

        let off = try await startServer([])
        let offBase = ["events", "--provider", "p", "--backend", off.url, "--token", token]
        for extra in [[], ["--follow", "--interval", "0.2"], ["--last", "5", "--follow"]] {
            let output = try await TriptermBinary.run(offBase + extra)
            #expect(output.status == 1, "\(extra): \(output.stderr)")
            #expect(output.stderr.contains("events are off on this server"), "\(extra): \(output.stderr)")
            #expect(!output.stderr.contains("retrying"), "\(extra): \(output.stderr)")
        }
        _ = try await off.process.interruptAndWait()
    }

    @Test func anEventsFileGivesGeofencesAndTheCommandLineWinsOverIt() async throws {
        let file = directory.appendingPathComponent("events.toml").path
        try """
        [geofences]
        depot = "CIRCLE (43.7384 7.4246, 150)"
        casino = "CIRCLE (10 10, 100)"
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let server = try await startServer([
            "--events-config", file, "--geofence", "casino=CIRCLE (43.7394 7.4276, 100)",
        ])
        let api = FleetHTTP(url: server.url, token: try await serverToken())
        for (id, latitude, longitude) in [("a", 43.7384, 7.4246), ("b", 43.7394, 7.4276)] {
            let vehicle =
                Self.onlineVehicle.dropLast()
                + #","lastLocation":{"location":{"latitude":\#(latitude),"longitude":\#(longitude)}}}"#
            let (status, _) = try await api.send("POST", "/v1/providers/p/vehicles?vehicleId=\(id)", String(vehicle))
            #expect(status == 200)
        }
        let (_, page) = try await api.send("GET", "/v1/providers/p/events", nil)
        let enters = (page["events"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "geofence-enter" }
        #expect(
            enters.map { "\($0["vehicle"] ?? "") \($0["geofence"] ?? "")" } == [
                "providers/p/vehicles/a depot", "providers/p/vehicles/b casino",
            ])
        _ = try await server.process.interruptAndWait()
    }

    @Test func badEventsOptionsStopServeBeforeItStarts() async throws {
        let db = directory.appendingPathComponent("fleet.sqlite").path
        let badFile = directory.appendingPathComponent("events.toml").path
        try "not-updating-seconds = 5\neta-absolut = 1\n".write(toFile: badFile, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--geofence", "square=POLYGON ((0 0, 1 1, 0 1, 1 0))"], "--geofence square: POLYGON crosses itself"),
            (["--geofence", "a=CIRCLE (43.7 7.4 100)"], "--geofence a: expected ','"),
            (["--events-url", "127.0.0.1:9/hooks"], "--events-url"),
            (["--events-url", "ftp://example.com/hooks"], "the scheme must be http or https"),
            (["--events-secret-file", "/nonexistent/secret"], "cannot read the events secret file"),
            (["--not-updating", "0"], "--not-updating must be"),
            (["--events-config", badFile], "--events-config \(badFile):2: unknown key 'eta-absolut'"),
            (["--events-config", "/nonexistent/events.toml"], "/nonexistent/events.toml: no such file"),
        ]
        for (arguments, message) in cases {
            let output = try await TriptermBinary.run(["serve", "--port", "0", "--no-grpc", "--db", db] + arguments)
            #expect(output.status != 0, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
            #expect(!output.stdout.contains("listening"), "\(arguments)")
        }
    }
}

struct EventsTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
