import FleetModel
import TerminalCore
import TestSupport
import Testing
import TripFollowing

@testable import TerminalUI

/// The shipment screen in the app loop on a `MemoryTerminal`: `r` polls and says so, and the first answer after
/// failures clears the failure line even when the shipment has not moved since.
@Suite struct ShipmentAppTests {
    typealias Script = ScriptedShipmentBackend

    /// The server went away and came back: the answer to `r` is the one before it. The failure line kept its place
    /// (no callback: nothing had changed), which left no room for "polled" — a user's `r` got no answer.
    @Test func rAfterTheServerCameBackSaysPolledAndClearsTheFailure() async throws {
        let info = ShipmentScreenGoldenTests.onTheWay()
        let down = TripServiceError(code: .unavailable, message: "connection refused", transport: .connectionRefused)
        let tracker = ShipmentTracker(
            name: try TaskTrackingInfoName(provider: "demo", trackingID: "parcel-1"),
            backend: Script([.success(info), .failure(down), .success(info)]))
        let now = ShipmentScreenGoldenTests.now
        let subscriber = ShipmentViewSubscriber(
            trackingID: "parcel-1", backendName: "http://127.0.0.1:8787", now: { now })
        await tracker.register(subscriber)
        await tracker.refresh()
        await tracker.refresh()
        let terminal = MemoryTerminal(width: 100, height: 30)
        let app = TerminalApp(
            terminal: terminal,
            screen: ShipmentApp(
                subscriber: subscriber, tracker: tracker, options: ScreenFixtures.options(), now: { now })
        )
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("recoverable UNAVAILABLE: connection refused"))
        terminal.type("r")
        #expect(await app.runPending())
        let statusBar = terminal.screen.lines[28]
        #expect(statusBar.contains("· polled"), "\(statusBar)")
        #expect(!statusBar.contains("recoverable"), "\(statusBar)")
        terminal.type("q")
        #expect(await app.runPending() == false)
    }
}
