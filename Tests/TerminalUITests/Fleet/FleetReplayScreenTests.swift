import FleetModel
import Foundation
import TerminalCore
import TestSupport
import Testing
import TripFollowing
import TripRecordings

@testable import TerminalUI

/// `replay EXPORT --fleet` on the fleet screen, in-process: the trimmed jump-demo export replayed through the
/// tracker on a manual clock, as a golden frame with its timeline, and the transport keys, Enter, `t` and Esc in
/// the app loop.
@Suite struct FleetReplayScreenTests {
    static func fleet() throws -> FleetRecording {
        try RecordingLoader.loadFleet(
            path: Repository.file("Tests/TripRecordingsTests/Fixtures/jump-demo-a51c8f15.json")
        )
        .fleet
    }

    static let options = TripAppOptions(colorMode: .color256, ascii: false)

    /// The run on a manual clock, listed once at `fraction` of the export's span, with the screen's subscriber.
    static func run(at fraction: Double) async throws -> (FleetReplayRun, FleetViewSubscriber) {
        let fleet = try fleet()
        let clock = VirtualClock.manual(start: try #require(fleet.timeSpan?.lowerBound))
        let run = FleetReplayRun(recording: fleet, clock: clock)
        let subscriber = FleetViewSubscriber(
            backendName: "replay jump-demo-a51c8f15.json", pollInterval: .seconds(1), now: { clock.timestamp })
        await run.tracker.register(subscriber)
        run.transport.seek(fraction: fraction)
        await run.tracker.refresh()
        return (run, subscriber)
    }

    @Test func theJumpDemoHalfwayThrough() async throws {
        let (run, subscriber) = try await Self.run(at: 0.5)
        let controls = FleetReplayControls(run: run)
        var list = FleetList()
        list.selected = subscriber.snapshot.vehicles.first?.name
        let screen = FleetScreen(
            state: subscriber.snapshot, list: list, now: ProtoTimestamp(seconds: controls.now.seconds),
            timeZone: .utc, replay: controls.status)
        var renderer = FleetFrameRenderer(options: Self.options)
        let size = TerminalSize(width: 120, height: 36)
        ScreenFixtures.check(
            renderer.render(screen, size: size), named: "fleet-replay-jump-demo-120x36",
            title: "replay jump-demo-a51c8f15.json --fleet, halfway")
    }

    /// The transport keys act on the replay's clock; Enter follows the vehicle, `t` opens the rider view of the
    /// trip it serves then (by its name under the vehicle's provider), Esc comes back.
    @Test func transportKeysFollowAndTheRiderView() async throws {
        let (run, subscriber) = try await Self.run(at: 0.5)
        let clock = run.clock
        let player = Task { await run.runInteractive() }
        defer { player.cancel() }
        var opened: [String] = []
        let terminal = MemoryTerminal(width: 120, height: 36)
        let screen = FleetApp(
            subscriber: subscriber, options: Self.options, now: { clock.timestamp },
            openTrip: { name in
                opened.append(name)
                return FleetTripView(screen: ProbeScreen("rider"), close: {})
            }, replay: FleetReplayControls(run: run))
        let app = TerminalApp(terminal: terminal, screen: screen)
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("1 vehicle"))
        #expect(terminal.screen.text.contains("sample-vehi…"))
        #expect(terminal.screen.text.contains("space pause"))
        #expect(clock.isPaused)
        terminal.type("]")
        #expect(await app.runPending())
        #expect(clock.speed == .factor(2))
        #expect(terminal.screen.text.contains("speed ×2"))
        let before = clock.timestamp
        terminal.type(".")
        #expect(await app.runPending())
        #expect(clock.timestamp > before && clock.isPaused)
        #expect(terminal.screen.text.contains("next report"))
        terminal.type(" ")
        #expect(await app.runPending())
        #expect(!clock.isPaused)
        terminal.type(" ")
        terminal.type("5")
        #expect(await app.runPending())
        #expect(abs(run.transport.progress - 0.5) < 0.001)
        terminal.send(.key(.enter))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following"))
        terminal.type("t")
        #expect(await app.runPending())
        #expect(opened == ["providers/sample-project-id/trips/a51c8f15-47c0-4bae-8262-8421b0a3e058"])
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following"))
        terminal.type("q")
        #expect(await app.runPending() == false)
    }

    /// A live fleet has no transport: the replay's keys do nothing there, and its help does not list them.
    @Test func aLiveFleetHasNoTransportKeys() {
        #expect(FleetKeyBindings.action(for: .character(" ")) == nil)
        #expect(FleetKeyBindings.action(for: .character(" "), replay: true) == .replay(.togglePause))
        #expect(FleetKeyBindings.action(for: .character("+"), replay: true) == .zoom(1), "+ still zooms")
        #expect(!FleetKeyBindings.entries(replay: false).contains { $0.keys == "space" })
    }
}

extension FleetReplayScreenTests {
    /// `t` opens a trip's replay on the fleet's clock, partway through the trip: its trail is what the vehicle
    /// drove so far, as after a seek, not empty.
    @Test func aTripOpenedPartwayShowsItsTrailSoFar() async throws {
        let (run, _) = try await Self.run(at: 0.5)
        let recording = try #require(run.backend.recording.trips.first)
        let trip = ReplayRun(recording: recording, clock: run.clock)
        let subscriber = TripViewSubscriber(
            tripName: recording.tripName, backendName: "replay", now: { run.clock.timestamp })
        _ = ReplayControls(
            run: trip, recording: recording, subscriber: subscriber, insight: ReplayInsight.of(recording))
        let driven = recording.snapshots.filter { $0.observedAt <= run.clock.timestamp }
            .compactMap { $0.trip.lastLocation?.location }
        #expect(subscriber.snapshot.trail.count > 1)
        #expect(subscriber.snapshot.trail.last == driven.last)
    }
}
