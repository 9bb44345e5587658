import DriverKit
import FleetModel
import Foundation
import TerminalUI
import TripFollowing

/// The console of `tripterm driver` on a terminal: starts reporting, runs the ``DriverConsoleApp`` screen until the
/// user quits, then stops the source and sends the final OFFLINE update.
enum DriverConsoleRunner {
    static func run(_ console: any DriverConsoleModel, source: any LocationSource, display: DisplayOptions) async throws
    {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("standard input must be a terminal for the console's keys: use --headless")
        }
        let baseMap = try display.baseMap()
        let driver = console.consoleDriver
        let reporter = driver.reporter
        let log = console.log
        await reporter.addListener(log)
        await reporter.updateVehicleState(.online)
        await reporter.setLocationTrackingEnabled(true)
        await driver.refresh()
        let driving = Task {
            do {
                try await driver.drive(source)
                log.append("location source ended")
            } catch is CancellationError {
            } catch {
                log.append("location source failed: \(error)")
            }
        }
        let refreshing = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(5))
                await driver.refresh()
            }
        }
        try await TerminalGuard.run(options: display.terminalOptions) { terminal in
            let screen = DriverConsoleApp(
                options: display.appOptions(colors: terminal.colorCount, isUTF8: terminal.isUTF8, baseMap: baseMap),
                model: console)
            await TerminalApp(terminal: terminal, screen: screen).run()
        }
        driving.cancel()
        refreshing.cancel()
        _ = await driving.value
        await reporter.setLocationTrackingEnabled(false)
        let s = await reporter.statistics
        let failed = s.failures + s.emptyMaskFailures
        let updates = Summary.count(s.attempts, "update")
        let offline = reporter.reported.goesOfflineWhenTrackingStops ? "; vehicle set OFFLINE" : ""
        print("tripterm driver: \(updates), \(s.successes) ok, \(failed) failed\(offline)")
    }
}
