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
}
