import FleetModel
import Foundation
import MapRendering
import Testing
import TripFollowing
import TripRecordings

@testable import TerminalUI

/// The trip screen in the event loop, driven through a `MemoryTerminal`: keys reach the replay's transport, the map
/// and the help; frames are drawn only when something changed.
@Suite struct TripAppTests {
    struct Harness {
        let terminal: MemoryTerminal
        let run: ReplayRun
        let subscriber: TripViewSubscriber
        let controls: ReplayControls
        let app: TripApp
        let loop: TerminalApp

        init(width: Int = 110, height: Int = 30, speed: ReplaySpeed = .factor(10)) async {
            let recording = TripViewFixtures.recording()
            terminal = MemoryTerminal(width: width, height: height)
            run = ReplayRun(recording: recording, speed: speed)
            run.clock.pause()
            let clock = run.clock
            subscriber = TripViewSubscriber(
                tripName: recording.tripName, backendName: "replay test", now: { clock.timestamp })
            await run.model.register(subscriber)
            await run.model.refresh()
            // The insight given, not worked out in the background: its arrival would be a frame of its own.
            controls = ReplayControls(
                run: run, recording: recording, subscriber: subscriber, insight: ReplayInsight.of(recording))
            app = TripApp(
                subscriber: subscriber, controls: controls, options: TripAppOptions(timeZone: TripViewFixtures.utc))
            loop = TerminalApp(terminal: terminal, screen: app)
        }

        var text: String { terminal.screen.text }

        func press(_ keys: String) async -> Bool {
            terminal.type(keys)
            return await loop.runPending()
        }
    }

    /// `e` swaps the map for the event table; a click on a row and ↓ pause the replay at that event.
    @Test func theEventTableTakesKeysAndClicks() async {
        let h = await Harness()
        #expect(await h.press("e"))
        #expect(h.text.contains("Events 1 of 8") && h.text.contains("snapshot (no log entry)"))
        // Rows start under the table's header, at the top of the map's area.
        h.terminal.send(.mouse(MouseEvent(.release(.left), x: 5, y: 4)))
        #expect(await h.loop.runPending())
        #expect(h.text.contains("Events 4 of 8"))
        let events = TripViewFixtures.recording().events
        #expect(h.controls.now == events[3].time && h.run.clock.isPaused)
        h.terminal.send(.key(.down))
        #expect(await h.loop.runPending())
        #expect(h.text.contains("Events 5 of 8") && h.controls.now == events[4].time)
        h.terminal.send(.key(.escape))
        #expect(await h.loop.runPending())
        #expect(!h.text.contains("Events 5 of 8"), "Esc closes the table")
        #expect(await h.press("e"))
        #expect(h.text.contains("Events 5 of 8"))
    }

    @Test func theFirstFrameShowsTheRecordingPaused() async {
        let h = await Harness()
        #expect(await h.loop.runPending())
        #expect(h.terminal.frameCount == 1)
        #expect(h.text.contains("‖ ×10 0:00"))
        #expect(h.text.contains("replay test"))
    }

    @Test func spaceTogglesPauseAndSpeedKeysChangeTheSpeed() async {
        // At ×1 the 60 s recording cannot play to its end — where the replay pauses by itself — between two key
        // presses, however loaded the machine (at ×10 it once did, with every suite and three builds at once).
        let h = await Harness(speed: .factor(1))
        #expect(await h.press(" "))
        #expect(!h.run.clock.isPaused)
        #expect(h.text.contains("playing"))
        #expect(await h.press(" "))
        #expect(h.run.clock.isPaused)
        // Speeds change while paused, so a slow machine (ThreadSanitizer) cannot play the 60 s recording to its end
        // — where the replay pauses by itself — in between.
        #expect(await h.press("++"))
        #expect(h.run.clock.speed == ReplaySpeed.factor(1).faster.faster)
        #expect(await h.press("-"))
        #expect(h.run.clock.speed == ReplaySpeed.factor(1).faster)
        #expect(h.run.clock.isPaused)
    }

    @Test func digitsSeekAndTheModelShowsTheStateThere() async {
        let h = await Harness()
        #expect(await h.press("9"))
        // 9 → 90 % of 60 s = 54 s: the last snapshot before it is at 50 s (ENROUTE_TO_DROPOFF, vehicle at 9).
        #expect(h.controls.now == TripViewFixtures.start + .seconds(54))
        #expect(h.subscriber.snapshot.journey.tripStatus == .enrouteToDropoff)
        #expect(h.subscriber.snapshot.journey.vehicleLocation?.location == TripViewFixtures.path[9])
        #expect(h.subscriber.snapshot.trail.count >= 5)
        #expect(h.text.contains("Enroute to dropoff"))
        #expect(await h.press("0"))
        #expect(h.subscriber.snapshot.journey.tripStatus == .new)
        #expect(h.subscriber.snapshot.trail.isEmpty)
    }

    @Test func stepsMoveEventByEvent() async {
        let h = await Harness()
        #expect(await h.press("."))
        #expect(h.controls.now == TripViewFixtures.start + .seconds(10))
        #expect(h.subscriber.snapshot.journey.tripStatus == .enrouteToPickup)
        #expect(await h.press("."))
        #expect(await h.press(","))
        #expect(h.controls.now == TripViewFixtures.start + .seconds(10))
        #expect(h.run.clock.isPaused)
    }

    @Test func aRecordedFailureShowsInTheStatusBarByClass() async {
        let h = await Harness()
        #expect(await h.press("..."))  // 10 s, 20 s, then the failure at 25 s
        #expect(h.controls.now == TripViewFixtures.start + .seconds(25))
        #expect(h.text.contains("recoverable UNAVAILABLE: connection refused"))
        #expect(await h.press("."))
        #expect(!h.text.contains("UNAVAILABLE"))
    }

    @Test func helpOpensAndClosesWithoutQuitting() async {
        let h = await Harness()
        #expect(await h.press("?"))
        #expect(h.text.contains("Keys — tripterm replay"))
        #expect(await h.press("q"))  // q closes the help first
        #expect(!h.text.contains("Keys — tripterm replay"))
        #expect(await h.press("q") == false)
    }

    @Test func escapeAndCapitalQQuit() async {
        #expect(await Harness().press("Q") == false)
        let h = await Harness()
        h.terminal.send(.key(.escape))
        #expect(await h.loop.runPending() == false)
    }

    @Test func nothingChangedMeansNoNewFrame() async {
        let h = await Harness()
        #expect(await h.loop.runPending())
        let frames = h.terminal.frameCount
        for _ in 0..<5 { #expect(await h.loop.runPending()) }
        #expect(h.terminal.frameCount == frames)
        #expect(await h.press("x"))  // an unbound key changes nothing
        #expect(h.terminal.frameCount == frames)
    }

    @Test func resizesReflowAndTinyWindowsShowANotice() async {
        let h = await Harness()
        #expect(await h.loop.runPending())
        h.terminal.resize(width: 40, height: 12)
        #expect(await h.loop.runPending())
        #expect(h.terminal.screen.width == 40)
        #expect(h.text.contains("New trip"))
        h.terminal.resize(width: 12, height: 4)
        #expect(await h.loop.runPending())
        #expect(h.text.contains("Too small"))
        h.terminal.resize(width: 110, height: 30)
        #expect(await h.loop.runPending())
        #expect(h.text.contains("Trip trip-1"))
    }

    @Test func ctrlLRepaintsEverything() async {
        let h = await Harness()
        h.terminal.send(.key(.ctrl("l")))
        #expect(await h.loop.runPending())
        #expect(h.terminal.fullRedraws == 1)
    }
}
