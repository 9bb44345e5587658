import FleetModel
import Foundation
import TerminalUI
import TripFollowing
import TripRecordings

/// Wires a recorded fleet (`replay EXPORT --fleet`) to the fleet screen or to the fleet's printer: one
/// ``FleetReplayRun`` whose clock every view plays on — the list, the map, and the rider view `t` opens, a
/// `ReplayRun` of the trip on that same clock.
enum FleetReplaySession {
    /// The fleet screen, until the user quits.
    static func runScreen(
        _ run: FleetReplayRun, backendName: String, loop: Bool, hideStale: Bool, display: DisplayOptions
    ) async throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("standard input must be a terminal for the fleet screen's keys: use --json")
        }
        let fleet = run.backend.recording
        let clock = run.clock
        let now: @Sendable () -> ProtoTimestamp = { clock.timestamp }
        let subscriber = FleetViewSubscriber(backendName: backendName, pollInterval: .seconds(1), now: now)
        await run.tracker.register(subscriber)
        let baseMap = try display.baseMap()
        try await TerminalGuard.run(options: display.terminalOptions) { terminal in
            let player = Task { await run.runInteractive(loop: loop) }
            defer { player.cancel() }
            let options = display.appOptions(colors: terminal.colorCount, isUTF8: terminal.isUTF8, baseMap: baseMap)
            let screen = FleetApp(
                subscriber: subscriber, options: options, staleDisplay: hideStale ? .hide : .grey, now: now,
                openTrip: riderView(fleet, clock: clock, backendName: backendName, options: options),
                replay: FleetReplayControls(run: run))
            await TerminalApp(terminal: terminal, screen: screen).run()
        }
    }

    /// The fleet's changes, one line each (JSON Lines with `json`), to the last report.
    static func runHeadless(_ run: FleetReplayRun, loop: Bool, json: Bool) async {
        let printer = FleetPrinter(format: json ? .json : .text, now: { [clock = run.clock] in clock.timestamp })
        await run.tracker.register(printer)
        await run.run(loop: loop)
    }

    /// The rider view of a recorded trip, played on the fleet's clock, for the fleet screen's `t`.
    static func riderView(
        _ fleet: FleetRecording, clock: VirtualClock, backendName: String, options: TripAppOptions
    ) -> FleetTripOpener {
        { name in
            guard let recording = fleet.trip(named: name) else { return nil }
            let run = ReplayRun(recording: recording, clock: clock)
            let subscriber = TripViewSubscriber(
                tripName: recording.tripName, backendName: backendName, now: { clock.timestamp })
            let screen = TripApp(
                subscriber: subscriber,
                controls: ReplayControls(run: run, recording: recording, subscriber: subscriber),
                options: options)
            let player = Task {
                await run.model.register(subscriber)
                // The fleet plays on past the trip's end, so the trip's replay does not hold the shared clock there.
                await run.runInteractive(holdAtEnd: false)
            }
            return FleetTripView(screen: screen, close: { player.cancel() })
        }
    }
}
