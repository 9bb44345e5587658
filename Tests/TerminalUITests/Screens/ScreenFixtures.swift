import FleetModel
import Foundation
import MapRendering
import TerminalCore
import TestSupport
import Testing
import TripDiagnosis

@testable import TerminalUI

/// Whole screens composed in-process from literal states, as the event loops compose them, and the golden files
/// (text and styles, TestSupport's ``CellBufferText``) under `Tests/TerminalUITests/Golden/` they are compared
/// with; `TRIPTERM_UPDATE_GOLDEN=1 swift test --filter ScreenGoldenTests` rewrites them.
enum ScreenFixtures {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// The sizes every screen is checked at: the side panel, the panel below the map, the one summary line.
    static let sizes = [
        TerminalSize(width: 120, height: 36), TerminalSize(width: 80, height: 24), TerminalSize(width: 50, height: 16),
    ]

    static let now = TripViewFixtures.start + .seconds(5)

    /// A few named streets around the fixture trip, one of them in Japanese, so labels (wide ones too) show.
    static let roads: [MapRoad] = {
        let path = TripViewFixtures.path
        func shifted(_ point: LatLng, east: Double) -> LatLng {
            LatLng(latitude: point.latitude, longitude: point.longitude + east)
        }
        return [
            MapRoad(points: path, rank: .primary, name: "Boulevard du Jardin Exotique"),
            MapRoad(
                points: [
                    LatLng(latitude: path[8].latitude, longitude: path[0].longitude - 0.004),
                    LatLng(latitude: path[8].latitude, longitude: path[11].longitude + 0.004),
                ], rank: .secondary, name: "本町通り"),
            MapRoad(
                points: [shifted(path[0], east: -0.002), shifted(path[6], east: 0.006)], rank: .local,
                name: "Rue Grimaldi"),
        ]
    }()

    static func options(_ colorMode: ColorMode = .color256, ascii: Bool = false) -> TripAppOptions {
        TripAppOptions(colorMode: colorMode, ascii: ascii, timeZone: TripViewFixtures.utc, baseMap: { _ in roads })
    }

    /// The trip screen for `state` in `mode`, with the map pane rendered as the event loop renders it.
    static func tripFrame(
        _ state: TripViewState, mode: TripScreenMode, size: TerminalSize, options: TripAppOptions = options(),
        showHelp: Bool = false, switchTarget: String? = nil
    ) -> CellBuffer {
        var screen = TripScreen(
            state: state, mode: mode, now: now, timeZone: options.timeZone, styles: .forMode(options.colorMode),
            ascii: options.ascii, showHelp: showHelp)
        screen.switchTarget = switchTarget
        var map: CellBuffer?
        if let layout = TripScreenLayout.compute(size: size, kind: mode.kind) {
            var pane = MapPane(options: options)
            let instant = ContinuousClock.now
            pane.update(with: state, at: instant)
            _ = pane.prepare(state: state, columns: layout.map.width, rows: layout.map.height, at: instant)
            map = pane.render()
        }
        return screen.compose(size: size, map: map)
    }

    static func replayMode(paused: Bool = false, pane: ReplayPane = .trip, selected: Int? = nil) -> TripScreenMode {
        .replay(
            ReplayStatus(
                position: TripViewFixtures.start + .seconds(25), start: TripViewFixtures.start,
                end: TripViewFixtures.start + .seconds(70), speed: .factor(10), isPaused: paused,
                ticks: [1.0 / 7, 3.0 / 7], insight: insight, pane: pane, selectedFinding: selected))
    }

    /// What `check` would say of the fixture replay: a silence while enroute and a jump on the way to the dropoff.
    static var insight: ReplayInsight {
        let start = TripViewFixtures.start
        func at(_ seconds: Int64) -> ProtoTimestamp { start + .seconds(seconds) }
        let trip = TripViewFixtures.name
        let findings: [Finding] = [
            Finding(
                subject: .trip(trip), kind: .missingUpdates, start: at(25), end: at(40),
                detail: "no vehicle report for 15 s (limit 10 s)"),
            Finding(
                subject: .trip(trip), kind: .speedJump, severity: .error, start: at(55), end: at(55),
                detail: "900 m in 5 s: 180 m/s, above the 68 m/s limit"),
        ]
        let bands: [ReplayInsight.Band] = [
            ReplayInsight.Band(status: .new, start: at(0), end: at(10)),
            ReplayInsight.Band(status: .enrouteToPickup, start: at(10), end: at(30)),
            ReplayInsight.Band(status: .arrivedAtPickup, start: at(30), end: at(40)),
            ReplayInsight.Band(status: .enrouteToDropoff, start: at(40), end: at(70)),
        ]
        var speeds: [ReplayInsight.SpeedSample] = []
        for second in stride(from: Int64(12), through: 68, by: 4) {
            let metresPerSecond: Double = second == 56 ? 180 : Double(6 + second % 5)
            speeds.append(ReplayInsight.SpeedSample(time: at(second), metresPerSecond: metresPerSecond))
        }
        return ReplayInsight(
            findings: findings, places: [TripViewFixtures.path[1], TripViewFixtures.path[2]], bands: bands,
            speeds: speeds,
            reportCard: [
                "trip         trip-1  (providers/test/trips/trip-1)",
                "vehicle      v1",
                "ended        COMPLETE at 2026-11-01T09:01:10Z",
                "drive        1.2 km in 1 min, ENROUTE_TO_PICKUP → COMPLETE",
                "updates      11, every 5 s (median), 5 s (p95), 15 s at most",
                "findings     2: 1 error, 1 warning",
            ])
    }

    /// The fixture trip with its trail and stops ahead, as a rider sees it a few seconds after an update.
    static func riderState() -> TripViewState {
        var state = TripViewFixtures.state()
        state.trail = Array(TripViewFixtures.path[0...1])
        return state
    }

    /// Compares `frame` with `Golden/<name>.txt`.
    static func check(
        _ frame: CellBuffer, named name: String, title: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        Golden.check(
            CellBufferText.text(of: frame, title: title), against: golden.appendingPathComponent("\(name).txt"),
            sourceLocation: sourceLocation)
    }
}

extension ScreenFixtures {
    /// A vehicle on its way to a pickup, its reporter with one recoverable failure behind it.
    static func driverState() -> DriverConsoleState {
        let path = TripViewFixtures.path
        var state = DriverConsoleState(vehicleName: "providers/test/vehicles/v1", backend: "http://127.0.0.1:8787")
        state.position = path[1]
        state.heading = 30
        state.speed = 10
        state.activeRoute = Array(path[1...4])
        state.pickup = TripViewFixtures.pickup
        state.dropoff = TripViewFixtures.dropoff
        state.nextStop = "pickup of trip-1"
        state.navigationStatus = "ENROUTE_TO_DESTINATION"
        state.remainingMeters = 1_234
        state.remainingSeconds = 150
        state.vehicleState = "ONLINE"
        state.trackingEnabled = true
        state.jobs = ["trip-1 ENROUTE_TO_PICKUP"]
        state.updateAttempts = 3
        state.updateSuccesses = 2
        state.updateFailures = 1
        state.lastSuccess = "#3 at 09:00:20"
        state.lastFailure = "UNAVAILABLE (recoverable) at 09:00:10"
        state.log = [
            "09:00:00 tracking on", "09:00:10 update 2 failed UNAVAILABLE (recoverable): restarting",
            "09:00:20 update 3 ok",
        ]
        return state
    }

    /// A delivery van at its next stop, one of the stop's two tasks failed, two stops after it and one done.
    static func deliveryDriverState() -> DriverConsoleState {
        let path = TripViewFixtures.path
        var state = DriverConsoleState(
            vehicleName: "providers/test/deliveryVehicles/van-1", backend: "http://127.0.0.1:8787")
        state.kind = .deliveries
        state.position = path[4]
        state.heading = 30
        state.speed = 0
        state.dropoff = path[4]
        state.intermediateStops = [TripViewFixtures.dropoff, TripViewFixtures.pickup]
        state.nextStop = "stop 1 of 3 · ARRIVED · 2 tasks"
        state.navigationStatus = "ARRIVED_AT_DESTINATION"
        state.remainingMeters = 0
        state.remainingSeconds = 0
        state.trackingEnabled = true
        state.jobs = ["t-3a DELIVERY FAILED", "t-3b PICKUP", "then stop 2: t-4a", "then stop 3: t-5a, t-5b"]
        state.summary = "done: 2 succeeded, 0 failed"
        state.updateAttempts = 12
        state.updateSuccesses = 12
        state.lastSuccess = "#12 at 09:10:00"
        state.log = ["09:09:30 stop 1 of 3 ARRIVED", "09:09:50 task t-3a FAILED", "09:10:00 update 12 ok"]
        return state
    }

    /// The driver console's frame for `state` (``driverState()`` unless given), drawn by the event loop into a
    /// memory terminal.
    static func driverConsoleFrame(size: TerminalSize, state: DriverConsoleState = driverState()) async -> CellBuffer {
        let terminal = MemoryTerminal(width: size.width, height: size.height)
        let screen = DriverConsoleApp(options: options(), snapshot: { state }, perform: { _ in "" })
        _ = await TerminalApp(terminal: terminal, screen: screen).runPending()
        return terminal.screen
    }
}
