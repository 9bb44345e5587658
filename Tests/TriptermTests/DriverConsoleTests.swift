import FleetModel
import Foundation
import MapRendering
import NIOConcurrencyHelpers
import TerminalUI
import Testing

/// The driver console on a memory terminal: what it shows and what its keys ask for.
@Suite struct DriverConsoleTests {
    static func state() -> DriverConsoleState {
        var state = DriverConsoleState(vehicleName: "providers/p/vehicles/v1", backend: "http://127.0.0.1:8787")
        state.position = LatLng(latitude: 43.7315, longitude: 7.4200)
        state.heading = 45
        state.speed = 10
        state.activeRoute = [
            state.position!, LatLng(latitude: 43.7350, longitude: 7.4230), LatLng(latitude: 43.7395, longitude: 7.4280),
        ]
        state.pickup = LatLng(latitude: 43.7395, longitude: 7.4280)
        state.nextStop = "pickup of t1"
        state.navigationStatus = "ENROUTE_TO_DESTINATION"
        state.remainingMeters = 1234
        state.remainingSeconds = 150
        state.vehicleState = "ONLINE"
        state.trackingEnabled = true
        state.jobs = ["t1 ENROUTE_TO_PICKUP"]
        state.updateAttempts = 3
        state.updateSuccesses = 2
        state.updateFailures = 1
        state.lastSuccess = "#3 at 10:00:20"
        state.lastFailure = "UNAVAILABLE (recoverable) at 10:00:10"
        state.log = ["10:00:10 update 2 failed UNAVAILABLE (recoverable): restarting", "10:00:20 update 3 ok"]
        return state
    }

    @Test func showsNextStopVehicleTripsAndReporter() async {
        let terminal = MemoryTerminal(width: 100, height: 30)
        let app = DriverConsoleApp(
            options: TripAppOptions(colorMode: .monochrome, ascii: true, marker: .ascii),
            snapshot: { Self.state() }, perform: { _ in "" })
        #expect(await TerminalApp(terminal: terminal, screen: app).runPending())
        let text = terminal.screen.text
        for expected in [
            "providers/p/vehicles/v1", "pickup of t1", "1.2 km", "ETA", "ONLINE  tracking on", "36 km/h",
            "t1 ENROUTE_TO_PICKUP",
            "2/3 ok", "ok: #3 at 10:00:20", "failed: UNAVAILABLE (recoverable)", "update 3 ok", "n next status",
            "q quit",
        ] {
            #expect(text.contains(expected), "\(expected)\n\(text)")
        }
    }

    @Test func driverKeysAskForTheirActionsAndQQuits() async {
        let terminal = MemoryTerminal(width: 100, height: 30)
        let asked = NIOLockedValueBox<[DriverConsoleAction]>([])
        let app = DriverConsoleApp(
            options: TripAppOptions(colorMode: .monochrome, ascii: true, marker: .ascii),
            snapshot: { Self.state() },
            perform: { action in
                asked.withLockedValue { $0.append(action) }
                return "did \(action)"
            })
        let loop = TerminalApp(terminal: terminal, screen: app)
        terminal.type("otnx")
        #expect(await loop.runPending())
        #expect(asked.withLockedValue { $0 } == [.toggleOnline, .toggleTracking, .advance, .cancel])
        #expect(terminal.screen.text.contains("did cancel"))
        terminal.type("q")
        #expect(await loop.runPending() == false)
    }

    @Test func aSmallWindowGetsANotice() async {
        let terminal = MemoryTerminal(width: 40, height: 10)
        let app = DriverConsoleApp(
            options: TripAppOptions(colorMode: .monochrome, ascii: true, marker: .ascii),
            snapshot: { Self.state() }, perform: { _ in "" })
        #expect(await TerminalApp(terminal: terminal, screen: app).runPending())
        #expect(terminal.screen.text.contains("too small"))
    }
}
