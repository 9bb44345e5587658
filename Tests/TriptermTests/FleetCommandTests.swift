import Foundation
import TestSupport
import Testing

/// `tripterm fleet` against `tripterm serve`, as a script runs it: every vehicle listed, each a line.
@Suite struct FleetCommandTests {
    @Test func onceListsEveryVehicleAsJSONLinesAndAsText() async throws {
        try await LocalServerProcess.with { server in
            for id in ["v1", "v2", "v3"] { try await server.createVehicle(id) }
            let out = try await TriptermBinary.run([
                "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once", "--json",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let lines = out.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(lines.map { $0["event"] as? String } == ["appeared", "appeared", "appeared"])
            #expect(lines.map { $0["vehicle"] as? String } == ["v1", "v2", "v3"].map { "providers/p/vehicles/\($0)" })
            #expect(lines.allSatisfy { $0["stale"] as? Bool == true }, "created without a location: stale")
            #expect((lines.first?["value"] as? [String: Any])?["vehicleState"] as? String == "OFFLINE")

            let text = try await TriptermBinary.run([
                "fleet", "--provider", "providers/p", "--backend", server.url, "--token", server.token, "--once",
                "--state", "offline", "--vehicle-type", "auto",
            ])
            #expect(text.status == 0, "\(text.stderr)")
            let textLines = text.stdout.split(separator: "\n")
            #expect(textLines.count == 3)
            #expect(textLines.allSatisfy { $0.contains("appeared") && $0.contains("OFFLINE") && $0.hasSuffix("stale") })

            let online = try await TriptermBinary.run([
                "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once", "--state",
                "ONLINE",
            ])
            #expect(online.status == 0 && online.stdout.isEmpty, "no ONLINE vehicle: \(online.stdout)")
        }
    }

    /// `--viewport` reaches ListVehicles: only the vehicle last seen inside the box is listed.
    @Test func theViewportNarrowsTheListing() async throws {
        try await LocalServerProcess.with { server in
            for (id, latitude, longitude) in [("monaco", 43.7384, 7.4246), ("paris", 48.8566, 2.3522)] {
                try await server.createVehicle(id)
                _ = try await server.send(
                    "PUT", "/v1/providers/p/vehicles/\(id)?updateMask=lastLocation",
                    body: #"{"lastLocation":{"location":{"latitude":\#(latitude),"longitude":\#(longitude)}}}"#)
            }
            let out = try await TriptermBinary.run([
                "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once", "--json",
                "--viewport", "43.7,7.4,43.8,7.5",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let vehicles = out.stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["vehicle"] as? String
            }
            #expect(vehicles == ["providers/p/vehicles/monaco"])
        }
    }

    @Test func aFailedListingIsOneClearLineAndExitOne() async throws {
        let out = try await TriptermBinary.run([
            "fleet", "--provider", "p", "--backend", "http://127.0.0.1:9", "--token", "t", "--once",
        ])
        #expect(out.status == 1)
        #expect(out.stdout.contains("failed") && out.stdout.contains("UNAVAILABLE (recoverable)"), "\(out.stdout)")
        #expect(out.stderr.contains("UNAVAILABLE (recoverable)"), "\(out.stderr)")
        // It exits: it must not promise to retry.
        #expect(out.stderr.contains("nothing was listed") && !out.stderr.contains("retrying"), "\(out.stderr)")
    }

    /// `--headless`, which every command with a screen takes, prints the lines; with `--json`, JSON Lines.
    @Test func headlessIsTakenAsByTheOtherScreens() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            for extra in [[], ["--json"]] {
                let out = try await TriptermBinary.run(
                    [
                        "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--headless",
                        "--once",
                    ]
                        + extra)
                #expect(out.status == 0, "\(out.stderr)")
                #expect(out.stdout.contains("appeared") && out.stdout.contains("providers/p/vehicles/v1"))
                #expect(out.stdout.hasPrefix("{") == !extra.isEmpty, "\(out.stdout)")
            }
        }
    }

    @Test func badOptionsFailWithOneClearLine() async throws {
        let cases: [([String], String)] = [
            (["fleet", "--provider", "p", "--vehicle-type", "boat", "--once"], "--vehicle-type: 'boat'"),
            (["fleet", "--provider", "p", "--state", "parked", "--once"], "--state: 'parked'"),
            (["fleet", "--provider", "p", "--interval", "0.5"], "--interval must be"),
            (["fleet", "--provider", "a/b", "--once", "--token", "t"], "--provider: expected"),
            (["fleet", "--provider", "p", "--viewport", "1,2,3", "--once"], "--viewport: expected four numbers"),
            (["fleet", "--provider", "p", "--viewport", "50,2,40,3", "--once"], "--viewport: latitudes must be"),
        ]
        for (arguments, message) in cases {
            let out = try await TriptermBinary.run(arguments)
            #expect(out.status != 0, "\(arguments)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
        }
    }
}
