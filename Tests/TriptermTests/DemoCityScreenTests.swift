import Foundation
import TestSupport
import Testing

/// `tripterm demo --vehicles 20` on a real terminal (tmux): the city's cars appear on the fleet screen, the
/// dispatcher's trips set them moving, a car on a trip selected with the keyboard is followed, Tab opens its driver
/// console and Esc closes it, `t` opens its trip as its rider sees it, Esc returns twice to the fleet, and `q`
/// restores the terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux")) struct DemoCityScreenTests {
    @Test func carsMoveAndOneIsFollowedIntoItsTrip() async throws {
        let session = try await TmuxSession.start(width: 140, height: 40) { dir in
            "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' demo "
                + "--vehicles 20 --speed 5; echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
        }
        try await session.expectScreen(showing: "20 cars", "20 vehicles", "car-", "Enter follow")
        // A trip dispatched and driven: some car is on a trip and moving. Its id is one no other id contains (not
        // car-1 or car-2, which car-10… and car-20 do), so that searching for it finds it alone.
        let screen = try await session.waitForScreen(timeout: .seconds(60)) { Self.carOnTrip(in: $0) != nil }
        let (car, trip) = try #require(Self.carOnTrip(in: screen))
        try await session.send("/", car, "Enter")
        try await session.expectScreen(showing: "/\(car)")
        try await session.send("Down", "Enter")
        try await session.expectScreen(showing: "Following", car)
        try await session.send("Tab")
        try await session.expectScreen(showing: "providers/demo/vehicles/\(car)", "Next stop")
        try await session.send("Escape")
        try await session.expectScreen(showing: "Following", car)
        try await session.send("t")
        try await session.expectScreen(showing: "Trip \(trip)")
        try await session.send("Escape")
        try await session.expectScreen(showing: "Following")
        try await session.send("Escape")
        try await session.expectScreen(showing: "Enter follow")
        try await session.send("q")
        #expect(
            await session.waitForFile("status", timeout: .seconds(30))?.trimmingCharacters(in: .whitespacesAndNewlines)
                == "0")
        let (after, before) = (await session.waitForFile("after"), await session.waitForFile("before"))
        #expect(after == before)
        #expect(try await session.value("#{alternate_on}") == "0")
    }

    /// A list row `car-N … on trip trip-M … enroute`, with N from 3 to 20, and its car and trip ids.
    static func carOnTrip(in screen: String) -> (car: String, trip: String)? {
        let pattern = try! NSRegularExpression(
            pattern: #"(car-(?:[3-9]|1[0-9]|20))\s+on trip\s+(trip-\d+)\s+\d+\s.*enroute"#)
        for line in screen.split(separator: "\n").map(String.init) {
            let ns = line as NSString
            if let match = pattern.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) {
                return (ns.substring(with: match.range(at: 1)), ns.substring(with: match.range(at: 2)))
            }
        }
        return nil
    }
}
