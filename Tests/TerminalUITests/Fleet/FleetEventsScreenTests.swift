import FleetEvents
import FleetModel
import TerminalCore
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
}
