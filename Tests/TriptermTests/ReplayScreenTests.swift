import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `tripterm replay` on a real terminal: tmux runs it in a detached session, the test reads the screen, presses
/// keys, resizes the window, and checks the terminal is given back — alternate screen off, cursor on, and the tty
/// modes exactly as before (`stty -g` around the run, in a non-interactive shell that restores nothing itself).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct ReplayScreenTests {
    static let trip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/trips/monaco-stops.jsonl").path

    /// Runs the replay between two `stty -g`, recording its exit status.
    func start(_ extra: String = "") async throws -> TmuxSession {
        try await TmuxSession.start { dir in
            // The trap keeps the shell alive when Ctrl-C reaches the whole foreground group, as an interactive
            // shell would (a trap with a command, unlike an ignored signal, is not inherited by the replay).
            "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' replay '\(Self.trip)' --speed 5 \(extra); "
                + "echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
        }
    }

    func expectRestored(_ session: TmuxSession, status expected: Int32) async throws {
        try await session.expectExitStatus(expected)
        let after = await session.waitForFile("after")
        let before = await session.waitForFile("before")
        #expect(after != nil && after == before, "tty modes changed: \(before ?? "-") → \(after ?? "-")")
        #expect(try await session.value("#{alternate_on}") == "0")
        #expect(try await session.value("#{cursor_flag}") == "1")
    }

    @Test func showsTheTripRespondsToKeysAndRestoresOnQuit() async throws {
        let session = try await start()
        try await session.expectScreen(showing: "Trip monaco-stops", "replay monaco-stops.jsonl", "space pause")
        #expect(try await session.value("#{alternate_on}") == "1")
        #expect(try await session.value("#{cursor_flag}") == "0")

        try await session.send("?")
        try await session.expectScreen(showing: "Keys — tripterm replay", "jump to 0 %")
        try await session.send("?")
        try await session.waitForScreen { !$0.contains("Keys — tripterm replay") }

        try await session.send("Space")
        try await session.expectScreen(showing: "‖", "paused")
        try await session.send("+")
        // The status bar keeps the speed; its "speed ×10" notice lasts 2 s, which a loaded machine can miss.
        try await session.expectScreen(showing: "×10")
        try await session.send("9")
        // Paused, so the clock stays at 90 % of 11:55; the "90 %" notice lasts only 2 s, too short to rely on.
        try await session.expectScreen(showing: "10:43", "Enroute to dropoff")

        try await session.resize(width: 40, height: 12)
        let small = try await session.waitForScreen {
            $0.split(separator: "\n").first.map { $0.count <= 40 } ?? false && $0.contains("×10")
        }
        #expect(small.contains("×10") && !small.contains("too small"), "\(small)")
        try await session.resize(width: 20, height: 6)
        try await session.expectScreen(showing: "small")
        try await session.resize(width: 120, height: 40)
        try await session.expectScreen(showing: "│ Trip monaco-stops")  // the side panel is back at 120 columns

        try await session.send("q")
        try await expectRestored(session, status: 0)
    }

    /// The real jump-demo export: `n` pauses at its first finding and explains it beside the map, `d` shows the
    /// report card, and the strip above the timeline counts the findings `check` finds.
    @Test func nGoesToTheFindingsOfARealExport() async throws {
        let export = Repository.path("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json")
        let session = try await TmuxSession.start(width: 120, height: 40) { dir in
            "stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' replay '\(export)'; "
                + "echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
        }
        try await session.expectScreen(showing: "findings ", "n finding")
        try await session.send("n")
        try await session.expectScreen(showing: "Findings 1 of", "‖", "◆")
        try await session.send("d")
        try await session.expectScreen(showing: "Report card", "ended")
        try await session.send("q")
        try await expectRestored(session, status: 0)
    }

    /// `e` on the real export: the event table in the map's place, `↓` pausing on the next entry, `r` switching
    /// from what Fleet Engine kept to what the driver's app sent, `e` bringing the map back.
    @Test func eShowsTheEventsAndTheirLogEntries() async throws {
        let export = Repository.path("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json")
        let session = try await TmuxSession.start(width: 120, height: 40) { dir in
            "stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' replay '\(export)'; "
                + "echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
        }
        try await session.expectScreen(showing: "e events")
        try await session.send("e")
        try await session.expectScreen(showing: "Events ", "CreateTrip", "· response")
        // From the start.
        try await session.send("0")
        try await session.send("Down")
        try await session.send("Down")
        try await session.expectScreen(showing: "Events 3 of", "‖")
        // tmux sends Home as `\E[1~`, which xterm-256color's entry does not bind (KeypadAliases).
        try await session.send("Home")
        try await session.expectScreen(showing: "Events 1 of", "‖")
        try await session.send("Down")
        try await session.send("Down")
        try await session.expectScreen(showing: "Events 3 of")
        try await session.send("r")
        try await session.expectScreen(showing: "· request")
        try await session.send("e")
        try await session.waitForScreen { !$0.contains("Events 3 of") }
        try await session.send("q")
        try await expectRestored(session, status: 0)
    }

    /// `--vehicle` over the whole jump-demo export: the panel names the trip under way, the last at the end and the
    /// first again after a jump back to the start.
    @Test func aVehiclesTripsPlayOnOneTimeline() async throws {
        let export = try Repository.file("Tests/Fixtures/jump-demo.json")
        let session = try await TmuxSession.start(width: 120, height: 40) { dir in
            "stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' replay '\(export)' "
                + "--vehicle sample-vehicle-id --speed max; echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
        }
        try await session.expectScreen(showing: "Trip 73a320f8", "Canceled")
        try await session.send("0")
        try await session.expectScreen(showing: "Trip a51c8f15")
        try await session.send("q")
        try await expectRestored(session, status: 0)
    }

    /// A resize storm, from 1×1 to 300×100 with no pause between sizes: the screen never crashes and comes back.
    @Test func survivesAResizeStorm() async throws {
        let session = try await start()
        try await session.expectScreen(showing: "Trip monaco-stops")
        let sizes = [
            (1, 1), (300, 100), (2, 2), (29, 7), (30, 8), (1, 60), (250, 1), (31, 9), (89, 21), (90, 22), (5, 3),
            (300, 100),
        ]
        for _ in 0..<3 {
            for (width, height) in sizes { try await session.resize(width: width, height: height) }
        }
        try await session.resize(width: 120, height: 40)
        try await session.expectScreen(showing: "│ Trip monaco-stops")  // back to the full layout
        try await session.send("q")
        try await expectRestored(session, status: 0)
    }

    /// Ctrl-Z and `fg` in an interactive shell, as a user does it: stopped, the terminal is the shell's again;
    /// resumed, the screen comes back. (A shell without job control cannot test this: the kernel discards SIGTSTP
    /// for a process group with no parent outside it.)
    @Test func ctrlZAndFgGiveTheTerminalBackAndRepaint() async throws {
        let session = try await TmuxSession.start { _ in "exec bash --norc --noprofile -i" }
        try await session.send(
            "TERM=xterm-256color '\(TriptermBinary.url.path)' replay '\(Self.trip)' --speed 5", "Enter")
        try await session.expectScreen(showing: "Trip monaco-stops")
        try await session.send("C-z")
        try await session.expectScreen(showing: "Stopped")  // bash reports the job stopped
        #expect(try await session.value("#{alternate_on}") == "0")
        #expect(try await session.value("#{cursor_flag}") == "1")
        try await session.send("fg", "Enter")
        try await session.expectScreen(showing: "Trip monaco-stops", "space pause")
        #expect(try await session.value("#{alternate_on}") == "1")
        try await session.send("q")
        try await session.waitForScreen { !$0.contains("space pause") }
        try await session.send("echo STATUS=$?", "Enter")
        try await session.expectScreen(showing: "STATUS=0")
        #expect(try await session.value("#{alternate_on}") == "0")
    }

    @Test(arguments: [("TERM", SIGTERM), ("INT", SIGINT), ("HUP", SIGHUP)])
    func signalsRestoreTheTerminal(name: String, signal: Int32) async throws {
        let session = try await start()
        try await session.expectScreen(showing: "Trip monaco-stops")
        let pid = try #require(try await session.childPID())
        kill(pid, signal)
        try await expectRestored(session, status: 128 + signal)
    }

    @Test func ctrlCFromTheKeyboardRestoresTheTerminal() async throws {
        let session = try await start()
        try await session.expectScreen(showing: "Trip monaco-stops")
        try await session.send("C-c")
        try await expectRestored(session, status: 128 + SIGINT)
    }

    /// `--json` alone asks for lines, on a terminal too: JSON Lines are lines, so no map opens.
    @Test func jsonAloneOnATerminalPrintsLinesInsteadOfTheMap() async throws {
        let session = try await TmuxSession.start { dir in
            "TERM=xterm-256color '\(TriptermBinary.url.path)' replay '\(Self.trip)' --json --speed max; "
                + "echo $? > \(dir)/status; sleep 60"
        }
        try await session.expectExitStatus(0)
        let screen = try await session.capture()
        #expect(screen.contains("{\"callback\""))
        #expect(!screen.contains("space pause"))
    }
}
