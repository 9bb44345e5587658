import FleetModel
import Foundation
import TerminalUI
import TripFollowing

#if canImport(Glibc)
import Glibc
#endif

/// How `track` and `demo --deliveries` show a followed shipment on the terminal.
enum ShipmentSession {
    /// The shipment screen until the user quits; with `driverConsole` (the demo's van), Tab switches between the
    /// two views. `now` is the time ETAs are counted from: the wall clock's, or the demo's.
    static func runScreen(
        _ tracker: ShipmentTracker, backendName: String, display: DisplayOptions,
        driverConsole: (any DriverConsoleModel)? = nil,
        now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) async throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("standard input must be a terminal for the map's keys: use --headless")
        }
        let subscriber = ShipmentViewSubscriber(
            trackingID: tracker.name.trackingID, backendName: backendName, now: now)
        await tracker.register(subscriber)
        let baseMap = try display.baseMap()
        try await TerminalGuard.run(options: display.terminalOptions) { terminal in
            await tracker.start()
            var options = display.appOptions(colors: terminal.colorCount, isUTF8: terminal.isUTF8, baseMap: baseMap)
            guard let driverConsole else {
                let app = ShipmentApp(subscriber: subscriber, tracker: tracker, options: options, now: now)
                await TerminalApp(terminal: terminal, screen: app).run()
                return
            }
            var consoleOptions = options
            options.switchTarget = "driver console"
            consoleOptions.switchTarget = "shipment"
            let app = ShipmentApp(subscriber: subscriber, tracker: tracker, options: options, now: now)
            let console = DriverConsoleApp(options: consoleOptions, model: driverConsole)
            await TerminalApp(terminal: terminal, screens: [app, console]).run()
        }
        await tracker.stop()
    }
}
