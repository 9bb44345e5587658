import FleetModel
import TestSupport
import Testing

@testable import TripFollowing

/// Poll pacing: intervals, overlap, refresh, start and stop.
@Suite struct TripModelPollingTests {
    let clock = VirtualClock.manual()

    @Test func theIntervalIsMeasuredFromTheEndOfTheLastPoll() async {
        let backend = ScriptedTripBackend([.trip(TripFixtures.new())])
        let model = TripModel(
            tripName: TripFixtures.name, backend: backend, options: .init(pollInterval: .seconds(7)), clock: clock)
        await backend.hold()
        await model.start()
        while await backend.heldCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(30))
        await backend.release()
        #expect(await clock.nextSleep() == .seconds(7), "a slow fetch does not shorten the next wait")
        #expect(await backend.fetchCount == 1)
        await model.stop()
    }

    @Test func neverTwoFetchesInFlight() async {
        let backend = ScriptedTripBackend([.trip(TripFixtures.new()), .trip(TripFixtures.enrouteToPickup())])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        await backend.hold()
        await model.start()
        while await backend.heldCount == 0 { await Task.yield() }
        let refreshes = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<3 { group.addTask { await model.refresh() } }
            }
        }
        for _ in 0..<50 { await Task.yield() }
        #expect(await backend.heldCount == 1)
        await backend.release()
        await refreshes.value
        #expect(await backend.maxConcurrentFetches == 1)
        #expect(await backend.fetchCount >= 2, "a refresh during a fetch makes a fresh fetch after it")
        await model.stop()
    }

    @Test func refreshPollsAtOnceAndRestartsTheInterval() async {
        let backend = ScriptedTripBackend([.trip(TripFixtures.new()), .trip(TripFixtures.enrouteToPickup())])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        let log = EventLog()
        await model.register(log)
        await model.start()
        _ = await clock.nextSleep()
        clock.advance(by: .seconds(3))
        await model.refresh()
        #expect(await backend.fetchCount == 2)
        #expect(await log.take().contains("status ENROUTE_TO_PICKUP"), "refresh returns after the callbacks")
        #expect(await clock.nextSleep() == .seconds(5))
        await model.stop()
    }

    @Test func refreshWithoutStartPollsOnce() async {
        let backend = ScriptedTripBackend([.trip(TripFixtures.new())])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        await model.refresh()
        await model.refresh()
        #expect(await backend.fetchCount == 2)
        #expect(await model.trip?.tripStatus == .new)
        #expect(clock.sleeperCount == 0)
        #expect(await backend.requestedNames == [TripFixtures.name, TripFixtures.name])
    }

    @Test func stopEndsPollingAndStartResumesIt() async {
        let backend = ScriptedTripBackend([.trip(TripFixtures.new())])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        await model.start()
        await model.start()
        _ = await clock.nextSleep()
        await model.stop()
        while clock.sleeperCount > 0 { await Task.yield() }
        clock.advance(by: .seconds(60))
        #expect(await backend.fetchCount == 1)
        #expect(await model.isPolling == false)
        await model.start()
        _ = await clock.nextSleep()
        #expect(await backend.fetchCount == 2)
        await model.stop()
    }
}
