import FleetModel
import TerminalCore
import TestSupport
import Testing
import TripFollowing

@testable import TerminalUI

/// The fleet screen in the app loop on a `MemoryTerminal`: the first vehicle selected on the first listing, keys
/// that select, sort and search, a click on a list row, and `q`.
@Suite struct FleetAppTests {
    /// An app over a subscriber that has heard `vehicles` (the fixture fleet by default), with the views `t` and Tab
    /// open.
    static func app(
        _ terminal: MemoryTerminal, vehicles: [Vehicle] = FleetFixtures.vehicles.compactMap(\.vehicle),
        openTrip: FleetTripOpener? = nil, openDriverConsole: FleetTripOpener? = nil
    ) async -> (TerminalApp, FleetViewSubscriber) {
        let clock = VirtualClock.manual(start: FleetFixtures.now)
        let backend = ScriptedFleetBackend(pages: [vehicles])
        let tracker = FleetTracker(backend: backend, clock: clock, now: { clock.timestamp })
        let subscriber = FleetViewSubscriber(backendName: "test", pollInterval: .seconds(5), now: { clock.timestamp })
        await tracker.register(subscriber)
        await tracker.refresh()
        let screen = FleetApp(
            subscriber: subscriber, options: FleetFixtures.options(), now: { clock.timestamp }, openTrip: openTrip,
            openDriverConsole: openDriverConsole)
        return (TerminalApp(terminal: terminal, screen: screen), subscriber)
    }

    /// The list line showing the selection (reversed), as text.
    static func selectedLine(_ terminal: MemoryTerminal) -> String? {
        let screen = terminal.screen
        let lines = screen.lines
        for y in 0..<screen.height where screen[screen.width - 30, y].style.attributes.contains(.reverse) {
            return lines[y]
        }
        return nil
    }

    @Test func keysSelectSortAndSearch() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let (app, _) = await Self.app(terminal)
        #expect(await app.runPending())
        #expect(Self.selectedLine(terminal)?.contains("car-01") == true)
        terminal.send(.key(.down))
        terminal.send(.key(.down))
        #expect(await app.runPending())
        #expect(Self.selectedLine(terminal)?.contains("car-03") == true)
        terminal.send(.key(.end))
        #expect(await app.runPending())
        #expect(Self.selectedLine(terminal)?.contains("car-07") == true)
        terminal.type("s")  // by state: the selection stays on car-07
        #expect(await app.runPending())
        #expect(Self.selectedLine(terminal)?.contains("car-07") == true)
        #expect(terminal.screen.text.contains("state ▾"))
        terminal.type("/t-19")
        terminal.send(.key(.enter))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("/t-19"))
        #expect(Self.selectedLine(terminal)?.contains("car-04") == true)
        #expect(!terminal.screen.text.contains("car-07"))
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("car-07"))
        terminal.type("q")
        #expect(await app.runPending() == false)
    }

    /// `?` opens the overlay, which takes the keys until `?`, Esc or q closes it: q then closes, not quits.
    @Test func questionMarkShowsTheKeysUntilClosed() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let (app, _) = await Self.app(terminal)
        #expect(await app.runPending())
        terminal.type("?")
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Keys — tripterm fleet"))
        terminal.send(.key(.down))
        terminal.type("q")
        #expect(await app.runPending())
        #expect(!terminal.screen.text.contains("Keys — tripterm fleet"))
        #expect(Self.selectedLine(terminal)?.contains("car-01") == true, "the overlay kept ↓ from the list")
        terminal.type("q")
        #expect(await app.runPending() == false)
    }

    /// Tab opens the driver console of the selected vehicle where the fleet screen has one (the demo city's cars),
    /// over the fleet until Esc; where it has none the notice says so.
    @Test func tabOpensTheSelectedCarsDriverConsole() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let probe = ProbeScreen("console")
        var opened: [String] = []
        let (app, _) = await Self.app(
            terminal,
            openDriverConsole: { name in
                opened.append(name)
                return name.hasSuffix("car-01") ? FleetTripView(screen: probe, close: {}) : nil
            })
        #expect(await app.runPending())
        terminal.send(.key(.tab))
        #expect(await app.runPending())
        #expect(opened == ["providers/demo/vehicles/car-01"])
        #expect(!terminal.screen.text.contains("Enter follow"), "the console is over the fleet")
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Enter follow"))
        terminal.send(.key(.down))
        terminal.send(.key(.tab))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("no driver console for car-02 here"))
    }

    @Test func aClickOnAListRowSelectsIt() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let (app, _) = await Self.app(terminal)
        #expect(await app.runPending())
        guard let y = terminal.screen.lines.firstIndex(where: { $0.contains("car-05") }) else {
            Issue.record("car-05 is not listed")
            return
        }
        terminal.send(.mouse(MouseEvent(.press(.left), x: 100, y: y)))
        #expect(await app.runPending())
        #expect(Self.selectedLine(terminal)?.contains("car-05") == true)
    }
}

extension FleetAppTests {
    /// Enter follows the selected vehicle, `t` opens the rider view of its trip over the fleet (here a probe
    /// screen), Esc comes back to the followed vehicle, and Esc again to the list.
    @Test func enterFollowsTOpensTheTripEscReturns() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let probe = ProbeScreen("rider")
        var opened: [String] = []
        let (app, _) = await Self.app(
            terminal,
            vehicles: FleetFixtures.vehicles.compactMap {
                $0.name == FleetFixtures.followed().name ? FleetFixtures.followed().vehicle : $0.vehicle
            },
            openTrip: { name in
                opened.append(name)
                return FleetTripView(screen: probe, close: {})
            })
        #expect(await app.runPending())
        terminal.send(.key(.down))
        terminal.send(.key(.enter))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following"))
        #expect(terminal.screen.text.contains("t-17, t-20"))
        // ↓ while following follows the next vehicle, ↑ comes back.
        terminal.send(.key(.down))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following") && terminal.screen.text.contains("car-03"))
        #expect(!terminal.screen.text.contains("t-17, t-20"))
        terminal.send(.key(.up))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("t-17, t-20"))
        terminal.type("t")
        #expect(await app.runPending())
        #expect(opened == ["providers/demo/trips/t-17"])
        #expect(!terminal.screen.text.contains("Following"))
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following"))
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(!terminal.screen.text.contains("Following"))
        #expect(Self.selectedLine(terminal)?.contains("car-02") == true)
    }
}
