import Foundation
import TestSupport
import Testing

/// Profiles end to end: the built tripterm reading a config file from a fresh `XDG_CONFIG_HOME`, against
/// `tripterm serve`: a profile supplies what a command line leaves out, a flag or the environment wins over it, and a
/// bad file stops every command with its `file:line`.
@Suite struct ProfileCommandTests {
    /// A config directory of its own, and the environment that points tripterm at it (and clears the variables a
    /// developer's shell might set).
    struct ConfigHome {
        let directory: URL
        var path: String { directory.appendingPathComponent("tripterm/config.toml").path }
        var environment: [String: String?] {
            ["XDG_CONFIG_HOME": directory.path, "TRIPTERM_PROFILE": nil, "TRIPTERM_TOKEN": nil, "NO_COLOR": nil]
        }

        init(_ text: String? = nil) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tripterm-xdg-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("tripterm"), withIntermediateDirectories: true)
            if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        }

        func run(_ arguments: [String], with extra: [String: String?] = [:]) async throws -> TriptermBinary.Output {
            try await TriptermBinary.run(arguments, environment: environment.merging(extra) { $1 })
        }
    }

    @Test func aProfileGivesTheCommandItsBackendProviderAndToken() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            let home = try ConfigHome(
                """
                default-profile = "local"

                [profiles.local]
                backend = "\(server.url)"
                provider = "p"
                token = "\(server.token)"

                [profiles.nowhere]
                backend = "http://127.0.0.1:9"
                provider = "p"
                """)
            let listed = try await home.run(["fleet", "--once", "--json"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains("providers/p/vehicles/v1"), "\(listed.stdout)")

            // A flag wins over the profile: nothing listens on port 9.
            let flag = try await home.run(["fleet", "--once", "--backend", "http://127.0.0.1:9"])
            #expect(flag.status == 1 && flag.stderr.contains("UNAVAILABLE"), "\(flag.stderr)")
            // The environment's token wins over the profile's.
            let environment = try await home.run(["fleet", "--once"], with: ["TRIPTERM_TOKEN": "not-a-jwt"])
            #expect(environment.status == 1 && environment.stderr.contains("UNAUTHENTICATED"), "\(environment.stderr)")
            // --profile, then TRIPTERM_PROFILE, pick another profile.
            let picked = try await home.run(["fleet", "--once", "--profile", "nowhere", "--token", server.token])
            #expect(picked.status == 1 && picked.stderr.contains("UNAVAILABLE"), "\(picked.stderr)")
            let named = try await home.run(["fleet", "--once"], with: ["TRIPTERM_PROFILE": "nowhere"])
            #expect(named.status == 1 && named.stderr.contains("UNAVAILABLE"), "\(named.stderr)")

            let shown = try await home.run(["config", "fleet", "--interval", "7"])
            #expect(shown.status == 0, "\(shown.stderr)")
            let rows = Self.rows(shown.stdout)
            #expect(rows["backend"] == [server.url, "profile local, line 4"], "\(shown.stdout)")
            #expect(rows["token"] == ["(hidden)", "profile local, line 6"], "a token is never printed")
            #expect(rows["interval"] == ["7", "flag"])
            #expect(rows["marker"] == ["braille", "default"])
            #expect(shown.stdout.contains("profile:     local (from default-profile)"), "\(shown.stdout)")
            #expect(!shown.stdout.contains(server.token))
        }
    }

    @Test func aBadFileStopsEveryCommandWithItsLine() async throws {
        let cases: [(file: String, line: Int, message: String)] = [
            (
                "[profiles.w]\nbackend = \"http://x\"\nintervall = 5\n", 3,
                "unknown key 'intervall' in profile w; did you mean 'interval'?"
            ),
            ("[profiles.w]\nbackend = \"http://x\n", 2, ""),
            (
                "default-profile = \"w\"\n[profiles.w]\nascii = \"yes\"\n", 3,
                "ascii is a switch: write true or false, not \"yes\""
            ),
            (
                "default-profile = \"w\"\n[profiles.w]\nbackend = 2024-01-01\n", 3,
                "backend: expected a string, a number, true or false, or a list, not a date"
            ),
        ]
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString).sqlite")
        for (text, line, message) in cases {
            let home = try ConfigHome(text)
            let expected = "\(home.path):\(line):" + (message.isEmpty ? "" : " \(message)")
            for arguments in [
                ["fleet", "--provider", "p", "--once"], ["rider", "--trip", "providers/p/trips/t", "--headless"],
                ["serve", "--port", "0", "--db", db.path], ["config"],
            ] {
                let output = try await home.run(arguments)
                output.expectClearFailure(containing: expected, for: arguments)
            }
            let help = try await home.run(["fleet", "--help"])
            #expect(help.status == 0, "help works whatever the file holds")
        }
        #expect(!FileManager.default.fileExists(atPath: db.path), "serve did not start")
    }

    @Test func aValueTheCommandRefusesIsNamedByItsLine() async throws {
        let home = try ConfigHome(
            "default-profile = \"w\"\n[profiles.w]\nbackend = \"http://127.0.0.1:9\"\ninterval = \"fast\"\n")
        let arguments = ["fleet", "--provider", "p", "--once"]
        let output = try await home.run(arguments)
        output.expectClearFailure(
            containing: "Error: \(home.path):4: profile w, interval: The value 'fast' is invalid for '--interval",
            for: arguments)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        let checked = try await home.run(["config"])
        checked.expectClearFailure(
            containing: "Error: \(home.path):4: profile w, interval: The value 'fast' is invalid for '--interval",
            for: ["config"])
        let typed = try await home.run(arguments + ["--interval", "1"])
        #expect(typed.status == 1 && typed.stderr.contains("UNAVAILABLE"), "the flag wins: \(typed.stderr)")
    }

    @Test func aProfileAskedForMustExist() async throws {
        let noFile = try ConfigHome()
        let arguments = ["fleet", "--provider", "p", "--once"]
        let missing = try await noFile.run(arguments, with: ["TRIPTERM_PROFILE": "work"])
        missing.expectClearFailure(
            containing: "\(noFile.path): does not exist, and TRIPTERM_PROFILE asks for its profile 'work'",
            for: arguments)
        let typo = try ConfigHome("[profiles.work]\nprovider = \"p\"\n")
        let wrong = try await typo.run(arguments + ["--profile", "wrok"])
        wrong.expectClearFailure(containing: "no profile 'wrok' ([profiles.wrok]): the file has work", for: arguments)
    }

    @Test func configInitWritesACommentedExampleOnce() async throws {
        let home = try ConfigHome()
        let written = try await home.run(["config", "--init"])
        #expect(written.status == 0 && written.stdout == "wrote \(home.path)\n", "\(written.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: home.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "a profile may come to hold a token")
        let example = try String(contentsOfFile: home.path, encoding: .utf8)

        let shown = try await home.run(["config"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let rows = Self.rows(shown.stdout)
        for key in [
            "backend", "ca-file", "provider", "token", "token-file", "token-command", "token-url", "interval", "map",
            "no-map",
            "marker", "ascii", "no-color", "no-mouse",
        ] {
            #expect(rows[key] != nil, "\(key) is listed: \(shown.stdout)")
        }
        #expect(rows["interval"] == ["5.0 (rider, track, fleet); 10.0 (driver)", "default"], "\(shown.stdout)")
        let work = try await home.run(["config", "--profile", "work", "fleet"])
        let line = try #require(
            example.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.hasPrefix("token-url =")
            })
        #expect(Self.rows(work.stdout)["token-url"]?.last == "profile work, line \(line + 1)", "\(work.stdout)")

        let again = try await home.run(["config", "--init"])
        again.expectClearFailure(containing: "already exists", for: ["config", "--init"])
        #expect(try String(contentsOfFile: home.path, encoding: .utf8) == example)
    }

    /// `tripterm config`'s table: key → [value, origin], the columns split on runs of two spaces.
    static func rows(_ text: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("config file:") && !line.hasPrefix("profile:") {
            let columns = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if let key = columns.first { rows[key] = Array(columns.dropFirst()) }
        }
        return rows
    }
}
