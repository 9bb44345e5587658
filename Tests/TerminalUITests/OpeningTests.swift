import MapRendering
import TerminalCore
import Testing

@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

extension NcursesTests {
    @Suite struct Opening {
        @Test func aMissingTermIsAnErrorNotAnExit() {
            #expect(throws: TerminalError.missingTermVariable) { try NcursesTerminal(termVariable: nil) }
            #expect(throws: TerminalError.missingTermVariable) { try NcursesTerminal(termVariable: "") }
        }

        @Test func anUnknownTermIsAnErrorNotAnExit() {
            #expect(throws: TerminalError.unknownTerminalType("no-such-terminal-42")) {
                try NcursesTerminal(termVariable: "no-such-terminal-42")
            }
            #expect(throws: TerminalError.unknownTerminalType("no-such-terminal-42")) {
                try NcursesTerminal(offscreen: OffscreenSetup(terminalType: "no-such-terminal-42"))
            }
            #expect(throws: TerminalError.unsupportedTerminal("dumb")) { try NcursesTerminal(termVariable: "dumb") }
            let message = TerminalError.unknownTerminalType("no-such-terminal-42").description
            #expect(message.contains("no-such-terminal-42") && message.contains("TERM="))
        }

        @Test(.enabled(if: isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0))
        func withoutATtyOpeningTheUserTerminalFails() {
            #expect(throws: TerminalError.notATerminal) {
                try NcursesTerminal(options: TerminalOptions(handleSignals: false), termVariable: "xterm-256color")
            }
        }

        @Test func onlyOneTerminalIsOpenAtATime() throws {
            try withOffscreen { _ in
                #expect(throws: TerminalError.alreadyOpen) { try NcursesTerminal(offscreen: OffscreenSetup()) }
            }
            try withOffscreen { terminal in #expect(terminal.size == TerminalSize(width: 40, height: 10)) }
        }

        struct Failure: Error {}

        @Test func theGuardRestoresWhenTheBodyThrows() throws {
            var opened: NcursesTerminal?
            #expect(throws: Failure.self) {
                try withOffscreen { terminal in
                    opened = terminal
                    terminal.draw(CellBuffer(width: 40, height: 10, fill: Cell("x")))
                    throw Failure()
                }
            }
            let terminal = try #require(opened)
            #expect(terminal.screenContents().width == 0)  // restored: no screen any more
            terminal.draw(CellBuffer(width: 1, height: 1))  // harmless after restore
            #expect(terminal.readEvent(timeout: .zero) == nil)
            terminal.restore()
            try withOffscreen { _ in }  // and the next one can open
        }
    }
}

extension NcursesTests.Opening {
    @MainActor @Test func theAsyncGuardRunsInTheCallersIsolationAndRestores() async throws {
        var opened: NcursesTerminal?
        await #expect(throws: Failure.self) {
            try await TerminalGuard.run(opening: { try NcursesTerminal(offscreen: OffscreenSetup()) }) { terminal in
                MainActor.assertIsolated()
                opened = terminal
                await Task.yield()
                throw Failure()
            }
        }
        #expect(try #require(opened).screenContents().width == 0)
        let size = try await TerminalGuard.run(opening: { try NcursesTerminal(offscreen: OffscreenSetup()) }) {
            terminal in
            await Task.yield()
            return terminal.size
        }
        #expect(size == TerminalSize(width: 80, height: 24))
    }
}

@Suite struct MemoryTerminalTests {
    @Test func framesAreClippedAndEventsReplayed() {
        let terminal = MemoryTerminal(width: 4, height: 2)
        var frame = CellBuffer(width: 6, height: 1)
        frame.put("abcdef", x: 0, y: 0)
        terminal.draw(frame)
        #expect(terminal.screen.lines == ["abcd", "    "])
        terminal.type("q")
        terminal.resize(width: 3, height: 1)
        #expect(terminal.readEvent(timeout: nil) == .key(.character("q")))
        #expect(terminal.readEvent(timeout: nil) == .resize(width: 3, height: 1))
        #expect(terminal.readEvent(timeout: nil) == nil)
        #expect(terminal.size == TerminalSize(width: 3, height: 1))
        #expect(terminal.frameCount == 1)
    }

    @Test func wideGlyphsAreKeptWholeOrBlankedAtTheEdge() {
        let terminal = MemoryTerminal(width: 5, height: 1)
        var frame = CellBuffer(width: 6, height: 1)
        frame.put("a本c本", x: 0, y: 0)
        terminal.draw(frame)
        #expect(terminal.screen.lines == ["a本c "])
        #expect(terminal.screen[2, 0].isContinuation)
    }
}
