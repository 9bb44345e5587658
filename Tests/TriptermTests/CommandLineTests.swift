import Foundation
import TestSupport
import Testing

@Suite struct CommandLineTests {
    @Test func versionPrintsTheVersion() async throws {
        let out = try await TriptermBinary.run(["--version"])
        #expect(out.status == 0)
        #expect(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }

    @Test func helpDescribesTheTool() async throws {
        let out = try await TriptermBinary.run(["--help"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("Follow Google Fleet Engine trips in the terminal."))
        #expect(out.stdout.contains("USAGE: tripterm"))
    }

    @Test func anUnknownSubcommandFailsWithAClearError() async throws {
        let out = try await TriptermBinary.run(["teleport"])
        #expect(out.status != 0)
        #expect(out.stderr.contains("Error:"))
        #expect(!out.stderr.contains("Fatal error"))
    }

    /// The options several commands share are declared once each, so their names, values and help agree: every
    /// command with a screen takes `--headless` and `--json` (which implies it), every playback speed is `--speed`
    /// as a factor, and `--provider` takes a project id or `providers/{project}` wherever it is asked for.
    @Test func sharedOptionsMeanTheSameEverywhere() async throws {
        func help(_ command: String) async throws -> String {
            try await TriptermBinary.run([command, "--help"]).stdout
                .replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        }
        for command in ["rider", "driver", "replay", "demo", "fleet", "track"] {
            let text = try await help(command)
            #expect(
                text.contains("--json Print those lines as JSON Lines instead of text (implies --headless)."),
                "\(command)")
            #expect(text.contains("--headless Print one line per change instead of drawing the screen"), "\(command)")
        }
        for command in ["driver", "replay", "demo"] {
            #expect(try await help(command).contains("--speed <factor>"), "\(command)")
        }
        for command in ["fleet", "track"] {
            #expect(try await help(command).contains("--provider <project|providers/{project}>"), "\(command)")
        }
    }
}
