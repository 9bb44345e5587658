import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm rider` as a user runs it, against a loopback server playing Fleet Engine.
@Suite struct RiderCommandTests {
    static let name = "providers/demo/trips/t1"

    static func trip(_ status: String, extra: String = "") -> String {
        #"{"name": "\#(name)", "tripStatus": "\#(status)", "tripType": "EXCLUSIVE", "vehicleId": "v1", "#
            + #""pickupPoint": {"point": {"latitude": 43.7384, "longitude": 7.4246}}, "#
            + #""dropoffPoint": {"point": {"latitude": 43.7311, "longitude": 7.4197}}\#(extra)}"#
    }

    static let script: [(Int, String)] = [
        (200, trip("NEW")),
        (200, trip("ENROUTE_TO_PICKUP", extra: #", "remainingDistanceMeters": 420"#)),
        (503, #"{"error": {"code": 503, "message": "restarting", "status": "UNAVAILABLE"}}"#),
        (200, trip("ENROUTE_TO_DROPOFF", extra: #", "remainingDistanceMeters": 900"#)),
        (200, trip("COMPLETE")),
    ]

    @Test func headlessRiderPrintsTheTripAndExitsAtComplete() async throws {
        let (out, requests) = try await Self.withFake(Self.script) { url in
            try await Self.run([
                "rider", "--trip", Self.name, "--backend", url, "--interval", "1", "--headless", "--token", "tok",
            ])
        }
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        let statuses = lines.filter { $0.contains("  status ") }.map {
            $0.split(separator: " ").last.map(String.init) ?? ""
        }
        #expect(statuses == ["NEW", "ENROUTE_TO_PICKUP", "ENROUTE_TO_DROPOFF", "COMPLETE"], "\(out.stdout)")
        #expect(lines.contains { $0.contains("error") && $0.contains("UNAVAILABLE (recoverable): restarting") })
        #expect(lines.contains { $0.contains("recovered") && $0.contains("after 1 failed poll") })
        #expect(lines.contains { $0.contains("remainingDistance") && $0.contains("420") })
        #expect(lines.last?.contains("trip") == true)
        #expect(requests.count == 5)
        #expect(
            requests.allSatisfy {
                $0 == "GET /v1/providers/demo/trips/t1?view=2&%24alt=json%3Benum-encoding%3Dint Bearer tok"
            }, "\(requests)")
    }

    @Test func jsonLinesCarryFailuresWithCodeAndClass() async throws {
        let (out, _) = try await Self.withFake(Array(Self.script.dropFirst(2))) { url in
            try await Self.run([
                "rider", "--trip", Self.name, "--backend", url, "--interval", "1", "--headless", "--json",
            ])
        }
        #expect(out.status == 0, "\(out.stderr)")
        let values = try out.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        let error = try #require(values.first { $0["callback"] == .string("error") })
        #expect(error["value"]?["code"] == .string("UNAVAILABLE"))
        #expect(error["value"]?["class"] == .string("recoverable"))
        #expect(error["value"]?["httpStatus"] == .number(503))
        #expect(values.last?["callback"] == .string("trip"))
    }

    @Test func aTokenFileIsReadAndTrimmed() async throws {
        let file = try Self.tokenFile("  tok-from-file\n\n")
        let (out, requests) = try await Self.withFake([(200, Self.trip("COMPLETE"))]) { url in
            try await Self.run(["rider", "--trip", Self.name, "--backend", url, "--headless", "--token-file", file])
        }
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!requests.isEmpty && requests.allSatisfy { $0.hasSuffix(" Bearer tok-from-file") }, "\(requests)")
    }

    @Test func theEnvironmentTokenIsUsedOnlyWithoutATokenOption() async throws {
        let environment = ["TRIPTERM_TOKEN": "tok-from-env\n"]
        let (alone, fromEnvironment) = try await Self.withFake([(200, Self.trip("COMPLETE"))]) { url in
            try await Self.run(
                ["rider", "--trip", Self.name, "--backend", url, "--headless"], environment: environment)
        }
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(!fromEnvironment.isEmpty && fromEnvironment.allSatisfy { $0.hasSuffix(" Bearer tok-from-env") })
        let (given, fromOption) = try await Self.withFake([(200, Self.trip("COMPLETE"))]) { url in
            let arguments = ["rider", "--trip", Self.name, "--backend", url, "--headless", "--token", "tok"]
            return try await Self.run(arguments, environment: environment)
        }
        #expect(given.status == 0, "\(given.stderr)")
        #expect(!fromOption.isEmpty && fromOption.allSatisfy { $0.hasSuffix(" Bearer tok") }, "\(fromOption)")
    }

    @Test func badOptionsFailWithOneClearLine() async throws {
        let empty = try Self.tokenFile(" \n")
        let missing = empty + ".missing"
        let twoLines = try Self.tokenFile("tok\nmore\n")
        let cases: [([String], String)] = [
            (["rider", "--trip", "trips/t1", "--headless"], "invalid trip name \"trips/t1\""),
            (
                ["rider", "--trip", Self.name, "--interval", "0.5", "--headless"],
                "--interval must be a number of seconds, at least 1"
            ),
            (
                ["rider", "--trip", Self.name, "--token", "a", "--token-url", "http://x", "--headless"],
                "do not go together"
            ),
            (
                ["rider", "--trip", Self.name, "--token", "a", "--token-file", empty, "--headless"],
                "do not go together"
            ),
            (["rider", "--trip", Self.name, "--token-file", empty, "--headless"], "--token-file '\(empty)' is empty"),
            (["rider", "--trip", Self.name, "--token-file", missing, "--headless"], "'\(missing)' does not exist"),
            (["rider", "--trip", Self.name, "--token-file", twoLines, "--headless"], "must hold one token"),
            (
                ["rider", "--trip", Self.name, "--backend", "localhost:8787", "--headless"],
                "invalid backend URL \"localhost:8787\""
            ),
        ]
        for (arguments, message) in cases {
            let out = try await Self.run(arguments)
            out.expectClearFailure(containing: message, for: arguments)
        }
    }

    // MARK: Support

    /// A new file holding `text`, for `--token-file`.
    static func tokenFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-token-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs a loopback server answering the script in order (the last answer repeating), and `body` with its URL.
    /// Returns what `body` returned and the requests, as `METHOD path?query authorization-header`.
    static func withFake<T: Sendable>(
        _ script: [(Int, String)], _ body: (String) async throws -> T
    ) async throws -> (T, [String]) {
        // The fake answers on threads of its own: the rider's deadline is wall-clock time, and on the cooperative pool,
        // behind every other suite, an answer once came after it (DEADLINE_EXCEEDED where UNAVAILABLE was due).
        try await FakeFleetEngine.with(
            script: script.map { .json(status: $0.0, $0.1) }, executor: ThreadExecutor.timed
        ) { fake in
            let result = try await body(fake.baseURL)
            return (result, fake.requests.map { "\($0.method) \($0.path)?\($0.query) \($0.authorization ?? "-")" })
        }
    }

    /// Runs the binary with `environment` added to this process's — less any TRIPTERM_TOKEN of its own, which would
    /// change what is sent.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> TriptermBinary.Output {
        var changes: [String: String?] = ["TRIPTERM_TOKEN": nil]
        for (name, value) in environment { changes[name] = value }
        return try await TriptermBinary.run(arguments, environment: changes)
    }
}
