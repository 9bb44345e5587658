import ArgumentParser
import NIOCore
import NIOPosix

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
            DemoCommand.self, RiderCommand.self, DriverCommand.self, ReplayCommand.self, ServeCommand.self, TokenCommand.self, ExportCommand.self,
            ImportOSMCommand.self,
        ]
    )

    /// `serve` runs Swift concurrency on NIO's event loops, so a request's handler continues on the thread that read
    /// it instead of hopping to the cooperative pool and back (two thread switches a request: the server's tail
    /// latency under load). Only for `serve`: it must happen before any other task runs, and the other commands
    /// block threads (terminal, processes) that event loops must not.
    static func main() async {
        if CommandLine.arguments.dropFirst().first == ServeCommand.configuration.commandName {
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        await main(nil)
    }
}
