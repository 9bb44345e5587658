import ArgumentParser
import Foundation

/// The `tripterm` command: follow, drive, replay and serve Fleet Engine trips in a terminal.
@main
struct Tripterm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tripterm",
        abstract: "Follow Google Fleet Engine trips in the terminal.",
        discussion: """
            tripterm follows a Fleet Engine trip (providers/{provider}/trips/{trip}) the way the Consumer SDK's \
            journey sharing does, from Google's Fleet Engine, its own local server, or a recording.
            """,
        version: TriptermVersion.current,
        subcommands: [
            DemoCommand.self, RiderCommand.self, TrackCommand.self, DriverCommand.self, FleetCommand.self,
            ReplayCommand.self,
            CheckCommand.self,
            ServeCommand.self, EventsCommand.self, TokenCommand.self, ExportCommand.self, ImportOSMCommand.self,
            ConfigCommand.self,
        ]
    )

    /// swift-argument-parser's `main`, with the profile's settings put into the command line before parsing
    /// (``ProfileLayer``): a bad config file stops every command with one line, and a failure caused by a
    /// profile's setting names the setting's line.
    static func main() async {
        let layer: ProfileLayer
        do {
            layer = try ProfileLayer(
                arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        } catch {
            exit(withError: CommandFailure("\(error)"))
        }
        do {
            var command = try await asyncParseAsRoot(layer.arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard let message = layer.profiledMessage(for: error) else { exit(withError: error) }
            FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
            exit(withError: ExitCode(exitCode(for: error).rawValue))
        }
    }
}
