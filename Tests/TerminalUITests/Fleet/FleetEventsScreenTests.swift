import FleetEvents
import FleetModel
import TerminalCore
import TestSupport
import Testing
import TripFollowing

@testable import TerminalUI

/// The fleet screen's events pane (`e`): the latest events tripterm's server recorded under the list, newest at the
/// bottom, and the vehicles with an event in the last minute marked in the list.
@Suite struct FleetEventsScreenTests {
    static func event(
        _ id: Int64, _ kind: FleetEventKind, ago seconds: Int64, trip: String = "", vehicle: String = "",
        task: String = "", geofence: String = "", before: JSONValue?, after: JSONValue?
    ) -> FleetEventRecord {
        FleetEventRecord(
            id: id, provider: "demo", time: FleetFixtures.now + .seconds(-seconds),
            event: DetectedEvent(
                kind: kind, trip: trip, vehicle: vehicle, task: task, geofence: geofence, before: before, after: after))
    }

    static func car(_ id: String) -> String { "providers/demo/vehicles/\(id)" }

    /// car-02 picked its rider up and entered the casino's fence seconds ago; car-06 went silent four minutes ago
    /// (no longer marked).
    static func state() -> FleetViewState {
        var state = FleetFixtures.state()
        state.take(events: [
            event(
                40, .vehicleNotUpdating, ago: 240, vehicle: car("car-06"), before: .object(["updating": .bool(true)]),
                after: .object(["updating": .bool(false)])),
            event(
                41, .tripStatus, ago: 30, trip: "providers/demo/trips/t-17", vehicle: car("car-02"),
                before: .object(["tripStatus": .string("ENROUTE_TO_PICKUP")]),
                after: .object(["tripStatus": .string("ARRIVED_AT_PICKUP")])),
            event(
                42, .geofenceEnter, ago: 12, vehicle: car("car-02"), geofence: "casino",
                before: .object(["inside": .bool(false)]), after: .object(["inside": .bool(true)])),
            event(
                43, .vehicleState, ago: 3, vehicle: car("car-05"), before: .object(["vehicleState": .string("ONLINE")]),
                after: .object(["vehicleState": .string("OFFLINE")])),
        ])
        return state
    }

    @Test(arguments: ScreenFixtures.sizes)
    func theEventsPane(size: TerminalSize) {
        var list = FleetList()
        list.selected = "providers/demo/vehicles/car-02"
        FleetFixtures.check(
            FleetScreen(state: Self.state(), list: list, now: FleetFixtures.now, timeZone: .utc), size: size,
            named: "fleet-events-\(size.width)x\(size.height)", title: "fleet with its events pane \(size)")
    }

    @Test func theVehiclesWithAnEventInTheLastMinuteAreMarked() {
        let marked = Self.state().markedVehicles(at: FleetFixtures.now)
        #expect(marked == [Self.car("car-02"), Self.car("car-05")])
        #expect(Self.state().markedVehicles(at: FleetFixtures.now + .seconds(60)).isEmpty)
    }

    /// A pane keeps the latest ``FleetViewState/eventsKept``; a backend that has none leaves the pane out.
    @Test func thePaneKeepsTheLatestEventsAndNeedsABackendWithThem() {
        var state = FleetFixtures.state()
        #expect(state.events == nil)
        let size = TerminalSize(width: 120, height: 36)
        #expect(FleetScreen(state: state, list: FleetList(), now: FleetFixtures.now).layout(size: size)?.events == nil)
        state.take(events: [])
        #expect(FleetScreen(state: state, list: FleetList(), now: FleetFixtures.now).layout(size: size)?.events != nil)
        #expect(
            FleetScreen(state: state, list: FleetList(), now: FleetFixtures.now, showsEvents: false)
                .layout(size: size)?.events == nil)
        state.take(
            events: (1...150).map {
                Self.event($0, .vehicleState, ago: 1, vehicle: Self.car("car-01"), before: nil, after: nil)
            })
        #expect(state.events?.count == FleetViewState.eventsKept)
        #expect(state.events?.first?.eventId == 51)
    }

    static let eventsOff = TripServiceError(code: .unimplemented, message: "events are off on this server")

    /// A server that records no events: the pane shrinks to its title and how to turn them on, rather than "none
    /// yet" forever; a backend without the endpoint (NOT_FOUND, Google's) has no pane.
    @Test func aServerWithEventsOffSaysSoInThePane() {
        var state = FleetFixtures.state()
        state.take(events: [])
        state.stopEvents(Self.eventsOff)
        let screen = FleetScreen(state: state, list: FleetList(), now: FleetFixtures.now, timeZone: .utc)
        let size = TerminalSize(width: 120, height: 36)
        #expect(screen.layout(size: size)?.events?.height == FleetEventsPane.offHeight)
        FleetFixtures.check(
            screen, size: size, named: "fleet-events-off-120x36", title: "fleet on a server with events off")
        var google = FleetFixtures.state()
        google.stopEvents(TripServiceError(code: .notFound, message: "HTTP 404"))
        #expect(FleetScreen(state: google, list: FleetList(), now: FleetFixtures.now).layout(size: size)?.events == nil)
    }

    /// The app over a tracker whose backend refuses events with `refusal`, after one poll.
    static func app(
        _ terminal: MemoryTerminal, refusing refusal: TripServiceError
    ) async -> (TerminalApp, ScriptedFleetBackend, FleetTracker) {
        let clock = VirtualClock.manual(start: FleetFixtures.now)
        let backend = ScriptedFleetBackend(pages: [FleetFixtures.vehicles.compactMap(\.vehicle)])
        backend.setEvents(.failure(refusal))
        let tracker = FleetTracker(
            backend: backend, scope: FleetScope(events: true), clock: clock, now: { clock.timestamp })
        let subscriber = FleetViewSubscriber(backendName: "test", pollInterval: .seconds(5), now: { clock.timestamp })
        await tracker.register(subscriber)
        await tracker.refresh()
        let screen = FleetApp(subscriber: subscriber, options: FleetFixtures.options(), now: { clock.timestamp })
        return (TerminalApp(terminal: terminal, screen: screen), backend, tracker)
    }

    @Test func theScreenOfAServerWithEventsOffSaysSoAndAsksNoMore() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let (app, backend, tracker) = await Self.app(terminal, refusing: Self.eventsOff)
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Events  off on this server"))
        #expect(terminal.screen.text.contains("tripterm serve --events records them"))
        terminal.type("e")
        #expect(await app.runPending())
        #expect(!terminal.screen.text.contains("off on this server"))
        #expect(terminal.screen.text.contains("events hidden"))
        terminal.type("e")
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Events  off on this server"))
        await tracker.refresh()
        await tracker.refresh()
        #expect(backend.calls.filter { $0.hasPrefix("ListEvents") }.count == 1)
        terminal.type("q")
        #expect(await app.runPending() == false)
    }

    @Test func withoutTheEndpointThereIsNoPaneAndESaysWhy() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let (app, _, _) = await Self.app(terminal, refusing: TripServiceError(code: .notFound, message: "HTTP 404"))
        #expect(await app.runPending())
        #expect(!terminal.screen.text.contains("Events  "), "no pane")
        terminal.type("e")
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("this fleet has no events"))
        terminal.type("q")
        #expect(await app.runPending() == false)
    }
}
