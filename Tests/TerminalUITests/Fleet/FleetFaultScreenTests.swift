import FleetModel
import TerminalCore
import TestSupport
import Testing
import TripFollowing

@testable import TerminalUI

/// What the fleet poller's faults and odd input look like on the fleet screen: a refused page token said in the
/// status bar with the last good fleet kept, a vehicle with no location listed without a glyph (and followed
/// without a crash), and 10,000 vehicles listed.
@Suite struct FleetFaultScreenTests {
    @Test func aRefusedPageTokenIsSaidInTheStatusBarAndTheFleetKept() async {
        let clock = VirtualClock.manual(start: FleetFixtures.now)
        let vehicles = FleetFixtures.vehicles.compactMap(\.vehicle)
        let backend = ScriptedFleetBackend(pages: [Array(vehicles.prefix(4)), Array(vehicles.dropFirst(4))])
        let tracker = FleetTracker(
            backend: backend, options: TripModelOptions(jitterSeed: 1), clock: clock, now: { clock.timestamp })
        let subscriber = FleetViewSubscriber(backendName: "test", pollInterval: .seconds(5), now: { clock.timestamp })
        await tracker.register(subscriber)
        await tracker.refresh()
        backend.fail(page: 1, with: TripServiceError(code: .invalidArgument, message: "page token expired"))
        await tracker.refresh()
        let terminal = MemoryTerminal(width: 200, height: 30)
        let app = TerminalApp(
            terminal: terminal,
            screen: FleetApp(subscriber: subscriber, options: FleetFixtures.options(), now: { clock.timestamp }))
        #expect(await app.runPending())
        let bar = terminal.screen.lines[28]
        #expect(bar.contains("7 vehicles"), "the last complete fleet: \(bar)")
        #expect(
            bar.contains(
                "✖ client INVALID_ARGUMENT: page token expired — the page token was refused: the next listing starts again from the first page"
            ), "\(bar)")
        #expect(await tracker.retryDelay == .seconds(5))
        backend.fail(page: 1, with: nil)
        await tracker.refresh()
        #expect(backend.requests.suffix(2) == [nil, "page-1"], "started over from the first page")
        #expect(await app.runPending())
        #expect(!terminal.screen.lines[28].contains("INVALID_ARGUMENT"))
    }

    /// A vehicle Fleet Engine lists with no location at all: a row (stale, no age), no glyph on the map, and Enter
    /// follows it with nothing to fit.
    @Test func aVehicleWithNoLocationIsListedWithoutAGlyph() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let ghost = FleetFixtures.vehicle("ghost", latitude: 0, longitude: 0, age: nil)
        let (app, _) = await FleetAppTests.app(terminal, vehicles: [ghost])
        #expect(await app.runPending())
        let text = terminal.screen.text
        #expect(text.contains("ghost") && text.contains("stale"))
        let map = terminal.screen.lines.dropLast(2).map { String($0.prefix(60)) }.joined()
        #expect(!map.contains { "↑↗→↘↓↙←↖●▲▶▼◀■○".contains($0) }, "no glyph for a vehicle with no location")
        terminal.send(.key(.enter))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following"))
        terminal.type("f")
        terminal.type("t")
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("ghost has no current trip"))
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Enter follow"))
    }

    /// 10,000 vehicles in one listing: counted in the status bar, the list pages through them, the map fits them.
    @Test func tenThousandVehiclesAreListed() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        var vehicles: [Vehicle] = []
        for i in 0..<10_000 {
            let latitude: Double = 43.72 + Double(i % 100) * 0.0003
            let longitude: Double = 7.40 + Double(i / 100) * 0.0004
            vehicles.append(
                FleetFixtures.vehicle(
                    String(format: "car-%05d", i), latitude: latitude, longitude: longitude, heading: Int32(i % 360)))
        }
        let (app, _) = await FleetAppTests.app(terminal, vehicles: vehicles)
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("10000 vehicles"))
        #expect(FleetAppTests.selectedLine(terminal)?.contains("car-00000") == true)
        terminal.send(.key(.end))
        #expect(await app.runPending())
        #expect(FleetAppTests.selectedLine(terminal)?.contains("car-09999") == true)
    }
}

extension FleetFaultScreenTests {
    /// Vehicles that vanish between polls: the selected one gives its row to the vehicle that took its place, a
    /// followed one keeps its last state, said to be no longer listed, and Esc returns to the list.
    @Test func vehiclesThatVanishBetweenPollsLeaveTheScreenWhole() async {
        let clock = VirtualClock.manual(start: FleetFixtures.now)
        let vehicles = FleetFixtures.vehicles.compactMap(\.vehicle)
        let backend = ScriptedFleetBackend(pages: [vehicles])
        let tracker = FleetTracker(backend: backend, clock: clock, now: { clock.timestamp })
        let subscriber = FleetViewSubscriber(backendName: "test", pollInterval: .seconds(5), now: { clock.timestamp })
        await tracker.register(subscriber)
        await tracker.refresh()
        let terminal = MemoryTerminal(width: 120, height: 36)
        let app = TerminalApp(
            terminal: terminal,
            screen: FleetApp(subscriber: subscriber, options: FleetFixtures.options(), now: { clock.timestamp }))
        #expect(await app.runPending())
        terminal.send(.key(.down))
        terminal.send(.key(.down))
        #expect(await app.runPending())
        #expect(FleetAppTests.selectedLine(terminal)?.contains("car-03") == true)
        // car-03 vanishes: car-04 takes its row and the selection.
        backend.setPages([vehicles.filter { !$0.name.hasSuffix("car-03") }])
        await tracker.refresh()
        #expect(await app.runPending())
        #expect(!terminal.screen.text.contains("car-03"))
        #expect(FleetAppTests.selectedLine(terminal)?.contains("car-04") == true)
        terminal.send(.key(.enter))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following"))
        // The followed car-04 vanishes too: its last state stays, marked.
        backend.setPages([vehicles.filter { !$0.name.hasSuffix("car-03") && !$0.name.hasSuffix("car-04") }])
        await tracker.refresh()
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("no longer listed"))
        #expect(terminal.screen.text.contains("car-04"))
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(!terminal.screen.lines.dropLast(2).contains { $0.contains("car-04") }, "listed no more")
        #expect(FleetAppTests.selectedLine(terminal)?.contains("car-05") == true)
    }
}
