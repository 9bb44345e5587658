import Foundation
import TestSupport
import Testing

/// `tripterm fleet` on a real terminal (tmux) against `tripterm serve`: the fleet screen opens, a vehicle found by
/// search and selected with the keyboard is followed, `t` opens its trip's rider view, Esc returns, and `q`
/// restores the terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux")) struct FleetScreenTests {
    @Test func searchFollowOpenTheTripAndQuit() async throws {
        try await LocalServerProcess.with { server in
            for id in ["v1", "v2", "v3"] { try await server.createVehicle(id) }
            try await server.createTrip("t1", vehicle: "v2")
            let session = try await TmuxSession.start(width: 120, height: 36) { dir in
                "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' fleet "
                    + "--provider p --backend \(server.url) --token \(server.token) --interval 1; "
                    + "echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
            }
            // The server runs without events: the pane says so, once, rather than staying empty.
            try await session.expectScreen(
                showing: "3 vehicles", "v1", "v2", "v3", "stale", "Enter follow", "Events  off on this server")
            try await session.send("/", "v2", "Enter")
            try await session.expectScreen(showing: "/v2")
            try await session.send("Down", "Enter")
            try await session.expectScreen(showing: "Following", "t1")
            try await session.send("t")
            try await session.expectScreen(showing: "Trip t1")
            try await session.send("Escape")
            try await session.expectScreen(showing: "Following")
            try await session.send("Escape")
            try await session.expectScreen(showing: "Enter follow")
            try await session.send("q")
            try await session.expectExitStatus()
            let (after, before) = (await session.waitForFile("after"), await session.waitForFile("before"))
            #expect(after == before)
            #expect(try await session.value("#{alternate_on}") == "0")
        }
    }

    /// `replay EXPORT --fleet`: the trimmed jump-demo export on the fleet screen; space pauses, `5` seeks halfway,
    /// Enter follows the vehicle, `t` opens the rider view of the trip it serves then, Esc returns, `q` restores.
    @Test func replayAnExportAsAFleetFollowOpenTheTripAndQuit() async throws {
        let export = try Repository.file("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json")
        let session = try await TmuxSession.start(width: 120, height: 36) { dir in
            "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' replay "
                + "'\(export)' --fleet; echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
        }
        try await session.expectScreen(showing: "1 vehicle", "sample-vehi", "space pause")
        // The timeline's pause mark and clock, not the notices ("paused", "50 %"), which last 2 s: a loaded machine
        // can take longer than that between two captures.
        try await session.send("Space")
        try await session.expectScreen(showing: "‖ ×1 ")
        try await session.send("5")
        let halfway = try await session.waitForScreen(timeout: .seconds(30)) { $0.contains("‖ ×1 10:") }
        #expect(halfway.contains("‖ ×1 10:"), "5 seeks halfway through the export's 21:45:\n\(halfway)")
        try await session.send("Enter")
        try await session.expectScreen(showing: "Following", "a51c8f15")
        try await session.send("t")
        try await session.expectScreen(showing: "Trip a51c8f15")
        try await session.send("Escape")
        try await session.expectScreen(showing: "Following")
        try await session.send("Escape")
        try await session.expectScreen(showing: "space pause")
        try await session.send("q")
        try await session.expectExitStatus()
        let (after, before) = (await session.waitForFile("after"), await session.waitForFile("before"))
        #expect(after == before)
    }
}
