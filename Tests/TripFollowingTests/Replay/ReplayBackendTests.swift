import FleetModel
import Testing

@testable import TripFollowing

@Suite struct ReplayBackendTests {
    func recording() -> TripRecording {
        TripFileTests.sampleRecording()
    }

    @Test func answersWithTheStateAtTheClocksTime() async throws {
        let clock = ReplayClock(start: TripFixtures.at(0), paused: true)
        let backend = ReplayBackend(recording: recording(), clock: clock, interpolate: false)
        #expect(try await backend.fetchTrip(TripFixtures.name).trip.tripStatus == .new)
        clock.seek(to: TripFixtures.at(12))
        let snapshot = try await backend.fetchTrip(TripFixtures.name)
        #expect(snapshot.trip.tripStatus == .enrouteToPickup)
        #expect(snapshot.observedAt == TripFixtures.at(10), "a recorded state keeps its recording time")
        clock.seek(to: TripFixtures.at(15))
        await #expect(throws: TripServiceError.self) { try await backend.fetchTrip(TripFixtures.name) }
        clock.seek(to: TripFixtures.at(5000))
        #expect(try await backend.fetchTrip(TripFixtures.name).trip.tripStatus == .complete)
        await #expect(throws: TripServiceError.self) { try await backend.fetchTrip(try TripName(parsing: "providers/x/trips/y")) }
    }

    @Test func findsNeighbouringEvents() {
        let backend = ReplayBackend(recording: recording(), clock: ReplayClock(start: TripFixtures.at(0)), interpolate: false)
        #expect(backend.nextEventTime(after: TripFixtures.at(0)) == TripFixtures.at(10))
        #expect(backend.nextEventTime(after: TripFixtures.at(11)) == TripFixtures.at(15))
        #expect(backend.nextEventTime(after: TripFixtures.at(300)) == nil)
        #expect(backend.previousEventTime(before: TripFixtures.at(15)) == TripFixtures.at(10))
        #expect(backend.previousEventTime(before: TripFixtures.at(0)) == nil)
        #expect(backend.start == TripFixtures.at(0))
        #expect(backend.end == TripFixtures.at(300))
    }

    @Test func interpolatesAlongTheRouteBetweenFixes() throws {
        var a = TripFixtures.enrouteToPickup()
        let route = [LatLng(latitude: 43.7400, longitude: 7.4200), LatLng(latitude: 43.7400, longitude: 7.4300), LatLng(latitude: 43.7300, longitude: 7.4300)]
        a.route = route
        a.lastLocation = TripFixtures.vehicle(at: route[0], heading: 90, time: 0)
        var b = a
        b.lastLocation = TripFixtures.vehicle(at: route[2], heading: 180, time: 100)
        let rec = TripRecording(tripName: TripFixtures.name, source: "t", events: [.snapshot(a, at: TripFixtures.at(0)), .snapshot(b, at: TripFixtures.at(100))])
        let backend = ReplayBackend(recording: rec, clock: ReplayClock(start: TripFixtures.at(0)), interpolate: true)
        let mid = try backend.state(at: TripFixtures.at(50)).trip.lastLocation
        let total = route.length
        let expected = route.point(atDistance: total / 2)!
        #expect(Geo.distance(mid!.location!, expected) < 1, "halfway in time is halfway along the route, at the corner")
        #expect(mid?.updateTime == TripFixtures.at(50))
        let early = try backend.state(at: TripFixtures.at(10)).trip.lastLocation
        #expect(early?.heading == 90)
        #expect(abs(early!.location!.latitude - 43.74) < 1e-6)
        let straight = ReplayBackend(recording: TripRecording(tripName: TripFixtures.name, source: "t", events: [
            .snapshot(TripFixtures.enrouteToPickup(vehicleAt: LatLng(latitude: 43.70, longitude: 7.40), time: 0), at: TripFixtures.at(0)),
            .snapshot(TripFixtures.enrouteToPickup(vehicleAt: LatLng(latitude: 43.72, longitude: 7.40), time: 10), at: TripFixtures.at(10)),
        ]), clock: ReplayClock(start: TripFixtures.at(0)), interpolate: true)
        let halfway = try straight.state(at: TripFixtures.at(5)).trip.lastLocation?.location
        #expect(abs(halfway!.latitude - 43.71) < 1e-6, "off the route: a straight line")
    }
}

@Suite struct ReplayClockTests {
    @Test func asFastAsPossibleJumpsToEachDeadline() async throws {
        let clock = ReplayClock(start: TripFixtures.at(0), speed: .asFastAsPossible)
        try await clock.sleep(until: .init(TripFixtures.at(3600)))
        #expect(clock.timestamp == TripFixtures.at(3600))
    }

    @Test func pausedTimeStandsStillAndSeekWakesSleepers() async throws {
        let clock = ReplayClock(start: TripFixtures.at(0), paused: true)
        let sleeper = Task { try await clock.sleep(until: .init(TripFixtures.at(10))) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(clock.timestamp == TripFixtures.at(0))
        clock.seek(to: TripFixtures.at(5))
        try await sleeper.value
        #expect(clock.timestamp == TripFixtures.at(5))
    }

    @Test func speedScalesWallTime() async throws {
        let clock = ReplayClock(start: TripFixtures.at(0), speed: .factor(100))
        let wall = ContinuousClock()
        let started = wall.now
        try await clock.sleep(until: .init(TripFixtures.at(10)))
        let elapsed = started.duration(to: wall.now)
        #expect(elapsed >= .milliseconds(90), "10 s at ×100 is at least 0.1 s of wall time")
        #expect(clock.timestamp >= TripFixtures.at(10))
    }

    @Test func cancellingASleeperEndsItsSleep() async {
        let clock = ReplayClock(start: TripFixtures.at(0), paused: true)
        let sleeper = Task { try await clock.sleep(until: .init(TripFixtures.at(10))) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func speedsParseAndStep() {
        #expect(ReplaySpeed("max") == .asFastAsPossible)
        #expect(ReplaySpeed("x10") == .factor(10))
        #expect(ReplaySpeed("2") == .factor(2))
        #expect(ReplaySpeed("0.5") == .factor(0.5))
        #expect(ReplaySpeed("0.1") == nil)
        #expect(ReplaySpeed("1001") == nil)
        #expect(ReplaySpeed("fast") == nil)
        #expect(ReplaySpeed.factor(1).faster == .factor(2))
        #expect(ReplaySpeed.factor(1000).faster == .asFastAsPossible)
        #expect(ReplaySpeed.factor(0.5).slower == .factor(0.5))
        #expect(ReplaySpeed.asFastAsPossible.slower == .factor(1000))
        #expect(ReplaySpeed.factor(0.5).description == "×0.5")
    }
}

@Suite struct ReplayRunTests {
    func run(speed: ReplaySpeed = .asFastAsPossible) -> ReplayRun {
        ReplayRun(recording: TripFileTests.sampleRecording(), speed: speed)
    }

    @Test func stepsBetweenRecordedEventsAndPauses() {
        let run = run(speed: .realtime)
        run.stepForward()
        #expect(run.clock.isPaused)
        #expect(run.clock.timestamp == TripFixtures.at(10))
        run.stepForward()
        #expect(run.clock.timestamp == TripFixtures.at(15))
        run.stepBackward()
        #expect(run.clock.timestamp == TripFixtures.at(10))
        run.stepBackward()
        run.stepBackward()
        #expect(run.clock.timestamp == TripFixtures.at(0))
    }

    @Test func seeksToAFractionOfTheSpan() {
        let run = run(speed: .realtime)
        run.clock.pause()
        run.seek(fraction: 0.5)
        #expect(run.clock.timestamp == TripFixtures.at(150))
        #expect(run.progress == 0.5)
        run.seek(fraction: 7)
        #expect(run.clock.timestamp == TripFixtures.at(300))
    }

    @Test func loopingStartsOverWithAFullReport() async {
        let run = run()
        let log = EventLog()
        await run.model.register(log)
        let task = Task { await run.run(loop: true) }
        var lines: [String] = []
        while lines.filter({ $0 == "status COMPLETE" }).count < 2 {
            lines += await log.take()
            await Task.yield()
        }
        task.cancel()
        await task.value
        let firstNew = lines.firstIndex(of: "status NEW")!
        let secondNew = lines[(firstNew + 1)...].firstIndex(of: "status NEW")
        #expect(secondNew != nil, "the second pass reports the trip from the start")
        #expect(lines[secondNew! + 1].hasPrefix("pickup"))
    }
}
