import FleetClient
import FleetModel
import Foundation
import TerminalUI
import TripFollowing

/// Wires a ``FleetTracker`` to the fleet screen: the subscriber, the terminal, the app loop, and the rider view
/// `t` opens (a `TripModel` on the same client); the tracker stops when the user quits.
enum FleetScreenSession {
    /// `driverConsole`: the console model of a vehicle this process drives (the demo city's cars), for Tab;
    /// `showsTasks`: open on the task list; `now`: the time ages are counted from, the wall clock's or the demo's.
    static func run(
        _ tracker: FleetTracker, client: FleetEngineClient, backendName: String, hideStale: Bool,
        display: DisplayOptions, driverConsole: (@Sendable (String) -> (any DriverConsoleModel)?)? = nil,
        showsTasks: Bool = false, now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) async throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("standard input must be a terminal for the fleet screen's keys: use --json")
        }
        let subscriber = FleetViewSubscriber(
            backendName: backendName, pollInterval: tracker.options.pollInterval, now: now)
        await tracker.register(subscriber)
        let baseMap = try display.baseMap()
        try await TerminalGuard.run(options: display.terminalOptions) { terminal in
            await tracker.start()
            let options = display.appOptions(colors: terminal.colorCount, isUTF8: terminal.isUTF8, baseMap: baseMap)
            let screen = FleetApp(
                subscriber: subscriber, options: options, staleDisplay: hideStale ? .hide : .grey, now: now,
                openTrip: riderView(client: client, options: options, pollOptions: tracker.options, now: now),
                openDriverConsole: driverConsole.map { consoles in
                    { name in
                        consoles(name).map { model in
                            FleetTripView(screen: DriverConsoleApp(options: options, model: model), close: {})
                        }
                    }
                }, showsTasks: showsTasks)
            await TerminalApp(terminal: terminal, screen: screen).run()
        }
        await tracker.stop()
    }

    /// The rider view of a trip, polled as `tripterm rider` polls it, for the fleet screen's `t`.
    static func riderView(
        client: FleetEngineClient, options: TripAppOptions, pollOptions: TripModelOptions,
        now: @escaping @Sendable () -> ProtoTimestamp
    ) -> FleetTripOpener {
        { name in
            guard let tripName = try? TripName(parsing: name) else { return nil }
            let model = TripModel(tripName: tripName, backend: FleetEngineBackend(client: client), options: pollOptions)
            let subscriber = TripViewSubscriber(tripName: tripName, backendName: client.baseURL, now: now)
            let screen = TripApp(subscriber: subscriber, controls: RiderControls(model: model), options: options)
            Task {
                await model.register(subscriber)
                await model.start()
            }
            return FleetTripView(screen: screen, close: { await model.stop() })
        }
    }
}
