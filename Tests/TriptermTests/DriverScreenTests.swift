import Foundation
import TestSupport
import Testing

/// The driver console on a real terminal (tmux), against `tripterm serve`: the map and panels show the vehicle
/// reporting, keys reach the reporter, and quitting restores the terminal and leaves the vehicle OFFLINE.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct DriverScreenTests {
    @Test func consoleReportsRespondsToKeysAndRestoresTheTerminal() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let session = try await TmuxSession.start(width: 120, height: 36) { dir in
                "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' driver "
                    + "--vehicle providers/p/vehicles/v1 --backend \(server.url) --token \(server.token) --simulate --speed 10; "
                    + "echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
            }
            // The map (and its scale bar: "├", " m") can come a frame after the first report's "ok".
            try await session.expectScreen(
                showing: "tracking on", "ok", "├", " m", "providers/p/vehicles/v1", "pickup of t1", "ONLINE")
            try await session.send("a")  // a rider's map key works here too
            try await session.send("o")
            try await session.expectScreen(showing: "OFFLINE")
            try await session.send("q")
            try await session.expectExitStatus()
            let (after, before) = (await session.waitForFile("after"), await session.waitForFile("before"))
            #expect(after == before)
            #expect(try await session.value("#{alternate_on}") == "0")
            #expect(try await session.value("#{cursor_flag}") == "1")
            let vehicle = try await server.get("/v1/providers/p/vehicles/v1")
            #expect(vehicle["vehicleState"] as? String == "OFFLINE")
        }
    }
}
