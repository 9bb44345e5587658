import FleetModel
import Testing
import TripFollowing
import TripRecordings

@testable import TerminalUI

/// The transport keys the trip and fleet replays share, on a paused clock over changes at 0, 10 and 60 s: each
/// key's notice, what it does to the clock, and whether the clock jumped (the trip replay polls again then).
@Suite struct ReplayTransportKeysTests {
    static let start = ProtoTimestamp(seconds: 1_700_000_000)

    static func transport() -> ReplayTransport {
        ReplayTransport(
            clock: VirtualClock(start: start, speed: .factor(1), paused: true),
            timeline: ReplayTimeline([start, start + .seconds(10), start + .seconds(60)]))
    }

    @Test func eachKeySaysWhatItDidAndWhetherTheClockJumped() throws {
        let transport = Self.transport()
        let clock = transport.clock
        func press(_ action: TripAction) throws -> (notice: String, jumped: Bool) {
            try #require(transport.perform(action, unit: "report"))
        }
        #expect(try press(.stepForward) == ("next report", true))
        #expect(clock.timestamp == Self.start + .seconds(10) && clock.isPaused)
        #expect(try press(.stepBackward) == ("previous report", true))
        #expect(clock.timestamp == Self.start)
        #expect(try press(.seekTo(fraction: 0.5)) == ("50 %", true))
        #expect(clock.timestamp == Self.start + .seconds(30))
        #expect(try press(.seekBy(fraction: -0.25)) == ("back", true))
        #expect(clock.timestamp == Self.start + .seconds(15))
        #expect(try press(.faster) == ("speed \(ReplaySpeed.factor(1).faster)", false))
        #expect(try press(.slower) == ("speed \(ReplaySpeed.factor(1))", false))
        #expect(try press(.togglePause) == ("playing", false))
        #expect(!clock.isPaused)
        #expect(try press(.togglePause) == ("paused", false))
        #expect(transport.perform(.refreshNow, unit: "report") == nil, "not a transport key")
    }

    /// Play at the end starts over, and that is a jump.
    @Test func playAtTheEndStartsOver() throws {
        let transport = Self.transport()
        transport.seek(fraction: 1)
        let pressed = try #require(transport.perform(.togglePause, unit: "event"))
        #expect(pressed == ("from the start", true))
        // Playing at ×1 from the start: a moment past it by the time it is read.
        let played = transport.clock.timestamp - Self.start
        #expect(played >= .zero && played < .seconds(5) && !transport.clock.isPaused)
    }
}
