import ArgumentParser

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
            ServeCommand.self, TokenCommand.self, ExportCommand.self, ImportOSMCommand.self,
        ]
    )
}
