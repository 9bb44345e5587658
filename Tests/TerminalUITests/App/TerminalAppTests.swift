import FleetModel
import NIOConcurrencyHelpers
import TerminalCore
import Testing

@testable import TerminalUI

/// The one event loop, on a memory terminal: commands, screens switching, and actions that run off the loop
/// while keys and frames go on.
@Suite struct TerminalAppTests {
    @Test func keysAndFramesGoOnWhileAnActionWaits() async {
        let terminal = MemoryTerminal(width: 60, height: 3)
        let screen = ProbeScreen()
        let app = TerminalApp(terminal: terminal, screen: screen)
        terminal.type("pa")
        #expect(await app.runPending(waitingForActions: false))
        terminal.type("b")
        #expect(await app.runPending(waitingForActions: false))
        #expect(terminal.screen.lines[0].hasPrefix("probe: key p, key a, key b "))
        screen.open()
        #expect(await app.runPending())
        #expect(screen.log == ["key p", "key a", "key b", "done 1"])
        #expect(terminal.screen.lines[0].hasPrefix("probe: key p, key a, key b, done 1 "))
    }

    @Test func actionsFinishOneAtATimeInTheOrderAskedFor() async {
        let terminal = MemoryTerminal()
        let screen = ProbeScreen(delay: .milliseconds(1))
        let app = TerminalApp(terminal: terminal, screen: screen)
        terminal.type("ppp")
        #expect(await app.runPending())
        #expect(screen.log == ["key p", "key p", "key p", "done 1", "done 2", "done 3"])
    }

    @Test func switchingShowsTheNextScreenAndResultsGoToTheScreenThatAsked() async {
        let terminal = MemoryTerminal(width: 60, height: 3)
        let (first, second) = (ProbeScreen("first"), ProbeScreen("second"))
        let app = TerminalApp(terminal: terminal, screens: [first, second])
        terminal.type("ps")
        #expect(await app.runPending(waitingForActions: false))
        #expect(terminal.screen.lines[0].hasPrefix("second: "))
        #expect(terminal.fullRedraws == 1 && second.currentCount == 1)
        first.open()
        terminal.type("s")
        #expect(await app.runPending())
        #expect(first.log == ["key p", "key s", "done 1"])
        #expect(terminal.screen.lines[0].hasPrefix("first: key p, key s, done 1 "))
        #expect(first.currentCount == 2)
    }

    @Test func redrawRepaintsAndQuitEndsTheLoop() async {
        let terminal = MemoryTerminal()
        let app = TerminalApp(terminal: terminal, screen: ProbeScreen())
        terminal.type("r")
        #expect(await app.runPending())
        #expect(terminal.fullRedraws == 1)
        terminal.type("q")
        #expect(await app.runPending() == false)
    }

    @Test func runWaitsForTheActionUnderWayWhenQuittingButDropsQueuedOnes() async {
        let terminal = MemoryTerminal()
        let screen = ProbeScreen(delay: .milliseconds(50))
        terminal.type("ppq")
        await TerminalApp(terminal: terminal, screen: screen).run()
        #expect(screen.log.prefix(3) == ["key p", "key p", "key q"])
        // The first action was under way (or about to start); the second was still queued.
        #expect(!screen.log.contains("done 2"))
    }

    @Test func theDriverConsoleSaysWorkingWhileItsActionTakesLong() async throws {
        let terminal = MemoryTerminal(width: 100, height: 30)
        let gate = Gate()
        let asked = NIOLockedValueBox<[DriverConsoleAction]>([])
        let console = DriverConsoleApp(
            options: TripAppOptions(colorMode: .monochrome, ascii: true, marker: .ascii),
            snapshot: { DriverConsoleState(vehicleName: "providers/p/vehicles/v1", backend: "test") },
            perform: { action in
                asked.withLockedValue { $0.append(action) }
                await gate.wait()
                return "vehicle OFFLINE"
            })
        let app = TerminalApp(terminal: terminal, screen: console)
        terminal.type("o")
        #expect(await app.runPending(waitingForActions: false))
        try await Task.sleep(for: TripApp.workingNoticeDelay + .milliseconds(50))
        terminal.type("+")  // the map's keys still work
        #expect(await app.runPending(waitingForActions: false))
        #expect(terminal.screen.text.contains("working~"))
        gate.open()
        #expect(await app.runPending())
        #expect(asked.withLockedValue { $0 } == [.toggleOnline])
        #expect(terminal.screen.text.contains("vehicle OFFLINE"))
        #expect(!terminal.screen.text.contains("working"))
    }
}
