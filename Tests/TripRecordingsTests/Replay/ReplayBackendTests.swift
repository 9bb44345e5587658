import FleetModel
import Synchronization
import TestSupport
import Testing

@testable import TripFollowing
@testable import TripRecordings

@Suite struct ReplayBackendTests {
    func recording() -> TripRecording {
        TripFileTests.sampleRecording()
    }

    @Test func answersWithTheStateAtTheClocksTime() async throws {
        let clock = VirtualClock(start: TripFixtures.at(0), paused: true)
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
        await #expect(throws: TripServiceError.self) {
            try await backend.fetchTrip(try TripName(parsing: "providers/x/trips/y"))
        }
    }

    @Test func findsNeighbouringEvents() {
        let backend = ReplayBackend(
            recording: recording(), clock: VirtualClock(start: TripFixtures.at(0)), interpolate: false)
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
        let route = [
            LatLng(latitude: 43.7400, longitude: 7.4200), LatLng(latitude: 43.7400, longitude: 7.4300),
            LatLng(latitude: 43.7300, longitude: 7.4300),
        ]
        a.route = route
        a.lastLocation = TripFixtures.vehicle(at: route[0], heading: 90, time: 0)
        var b = a
        b.lastLocation = TripFixtures.vehicle(at: route[2], heading: 180, time: 100)
        let rec = TripRecording(
            tripName: TripFixtures.name, source: "t",
            events: [.snapshot(a, at: TripFixtures.at(0)), .snapshot(b, at: TripFixtures.at(100))])
        let backend = ReplayBackend(recording: rec, clock: VirtualClock(start: TripFixtures.at(0)), interpolate: true)
        let mid = try backend.state(at: TripFixtures.at(50)).trip.lastLocation
        let total = route.length
        let expected = route.point(atDistance: total / 2)!
        #expect(Geo.distance(mid!.location!, expected) < 1, "halfway in time is halfway along the route, at the corner")
        #expect(mid?.updateTime == TripFixtures.at(50))
        let early = try backend.state(at: TripFixtures.at(10)).trip.lastLocation
        #expect(early?.heading == 90)
        #expect(abs(early!.location!.latitude - 43.74) < 1e-6)
        let straight = ReplayBackend(
            recording: TripRecording(
                tripName: TripFixtures.name, source: "t",
                events: [
                    .snapshot(
                        TripFixtures.enrouteToPickup(vehicleAt: LatLng(latitude: 43.70, longitude: 7.40), time: 0),
                        at: TripFixtures.at(0)),
                    .snapshot(
                        TripFixtures.enrouteToPickup(vehicleAt: LatLng(latitude: 43.72, longitude: 7.40), time: 10),
                        at: TripFixtures.at(10)),
                ]), clock: VirtualClock(start: TripFixtures.at(0)), interpolate: true)
        let halfway = try straight.state(at: TripFixtures.at(5)).trip.lastLocation?.location
        #expect(abs(halfway!.latitude - 43.71) < 1e-6, "off the route: a straight line")
    }
}

@Suite struct ReplayRunTests {
    func run(speed: ReplaySpeed = .asFastAsPossible) -> ReplayRun {
        ReplayRun(recording: TripFileTests.sampleRecording(), speed: speed)
    }

    @Test func stepsBetweenRecordedEventsAndPauses() {
        let run = run(speed: .realtime)
        run.transport.stepForward()
        #expect(run.clock.isPaused)
        #expect(run.clock.timestamp == TripFixtures.at(10))
        run.transport.stepForward()
        #expect(run.clock.timestamp == TripFixtures.at(15))
        run.transport.stepBackward()
        #expect(run.clock.timestamp == TripFixtures.at(10))
        run.transport.stepBackward()
        run.transport.stepBackward()
        #expect(run.clock.timestamp == TripFixtures.at(0))
    }

    @Test func seeksToAFractionOfTheSpan() {
        let run = run(speed: .realtime)
        run.clock.pause()
        run.transport.seek(fraction: 0.5)
        #expect(run.clock.timestamp == TripFixtures.at(150))
        #expect(run.transport.progress == 0.5)
        run.transport.seek(fraction: 7)
        #expect(run.clock.timestamp == TripFixtures.at(300))
    }

    @Test func loopingStartsOverWithAFullReport() async {
        let run = run()
        let log = EventLog()
        // Woken by the callback that logs the second COMPLETE: waiting by polling the log would spin on Swift's
        // cooperative pool beside a replay running flat out, starving every other suite's tasks.
        let (secondPass, reached) = AsyncStream<Void>.makeStream()
        let completes = Mutex(0)
        await log.setOnEvent { line in
            guard line == "status COMPLETE" else { return }
            if completes.withLock({ count in
                count += 1
                return count == 2
            }) {
                reached.yield()
            }
        }
        await run.model.register(log)
        let task = Task { await run.run(loop: true) }
        for await _ in secondPass { break }
        task.cancel()
        await task.value
        let lines = await log.take()
        let firstNew = lines.firstIndex(of: "status NEW")!
        let secondNew = lines[(firstNew + 1)...].firstIndex(of: "status NEW")
        #expect(secondNew != nil, "the second pass reports the trip from the start")
        #expect(lines[secondNew! + 1].hasPrefix("pickup"))
    }
}
