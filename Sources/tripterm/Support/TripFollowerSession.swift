import FleetModel
import Foundation
import TerminalUI
import TripFollowing
import TripRecordings

#if canImport(Glibc)
import Glibc
#endif

/// How `rider` and `demo` show a followed trip: lines for scripts, or the terminal map.
enum TripFollowerSession {
    /// Says on standard error when `--record` stops being written and when it is again, for a headless run (the
    /// screen says it in its status bar).
    static func reportOnStandardError(_ recorder: TripRecorder?) async {
        await recorder?.watch { text in
            FileHandle.standardError.write(Data("recording: \(text ?? "written again")\n".utf8))
        }
    }

    /// One line per callback until the trip is COMPLETE or CANCELED. `now` is the time ETAs are counted from: the
    /// wall clock's, or the demo's.
    static func runHeadless(
        _ model: TripModel, json: Bool, now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) async {
        let printer = HeadlessPrinter(format: json ? .json : .text, now: now)
        let end = TripEndWaiter()
        await model.register(printer)
        await model.register(end)
        await model.start()
        _ = await end.wait()
    }

    /// The terminal map, until the user quits; with `driverConsole` (the demo's car), Tab switches between the two
    /// views.
    static func runScreen(
        _ model: TripModel, backendName: String, display: DisplayOptions, recorder: TripRecorder? = nil,
        driverConsole: (any DriverConsoleModel)? = nil,
        now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) async throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("standard input must be a terminal for the map's keys: use --headless")
        }
        let subscriber = TripViewSubscriber(tripName: model.tripName, backendName: backendName, now: now)
        await model.register(subscriber)
        await recorder?.watch { [subscriber] text in subscriber.setRecordingProblem(text) }
        let controls = RiderControls(model: model)
        let baseMap = try display.baseMap()
        try await TerminalGuard.run(options: display.terminalOptions) { terminal in
            await model.start()
            var riderOptions = display.appOptions(
                colors: terminal.colorCount, isUTF8: terminal.isUTF8, baseMap: baseMap)
            guard let driverConsole else {
                let rider = TripApp(subscriber: subscriber, controls: controls, options: riderOptions)
                await TerminalApp(terminal: terminal, screen: rider).run()
                return
            }
            var consoleOptions = riderOptions
            riderOptions.switchTarget = "driver console"
            consoleOptions.switchTarget = "rider"
            // One loop, two screens: Tab switches between them.
            let rider = TripApp(subscriber: subscriber, controls: controls, options: riderOptions)
            let console = DriverConsoleApp(options: consoleOptions, model: driverConsole)
            await TerminalApp(terminal: terminal, screens: [rider, console]).run()
        }
    }
}
