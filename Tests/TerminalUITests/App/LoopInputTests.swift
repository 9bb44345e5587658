import Foundation
import TerminalCore
import Testing

@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

extension NcursesTests {
    /// The loop over a real (offscreen) ncurses terminal: keys come through its input thread, and an action's
    /// result wakes it while it waits for input.
    @Suite struct Loop {
        @Test func keysArriveThroughTheInputThreadWhileAnActionRuns() async throws {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let (readEnd, writeEnd) = (ends[0], ends[1])
            defer {
                close(readEnd)
                close(writeEnd)
            }
            let setup = OffscreenSetup(
                terminalType: "xterm-256color", width: 60, height: 4, outputPath: nil, inputFileDescriptor: readEnd)
            let screen = ProbeScreen(delay: .milliseconds(300))
            let typist = Task.detached {
                func type(_ text: String) {
                    let bytes = Array(text.utf8)
                    _ = write(writeEnd, bytes, bytes.count)
                }
                type("p")
                try? await Task.sleep(for: .milliseconds(100))
                type("x")  // during the action
                try? await Task.sleep(for: .milliseconds(1_400))
                type("q")
            }
            try await TerminalGuard.run(opening: { try NcursesTerminal(offscreen: setup) }) { terminal in
                await TerminalApp(terminal: terminal, screen: screen).run()
                #expect(terminal.screenContents().lines[0].hasPrefix("probe: key p, key x, done 1"))
            }
            await typist.value
            #expect(screen.log == ["key p", "key x", "done 1", "key q"])
        }
    }
}
