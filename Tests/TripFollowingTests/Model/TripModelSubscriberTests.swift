import FleetModel
import TestSupport
import Testing

@testable import TripFollowing

/// Registration rules: once per subscriber, weakly held, safe to unregister from a callback, late joiners caught up.
@Suite struct TripModelSubscriberTests {
    let clock = VirtualClock.manual()

    func model(_ trips: [Trip]) -> TripModel {
        TripModel(tripName: TripFixtures.name, backend: ScriptedTripBackend(trips.map { .trip($0) }), clock: clock)
    }

    @Test func registeringTwiceDeliversOnce() async {
        let model = model([TripFixtures.new()])
        let counter = TripCounter()
        await model.register(counter)
        await model.register(counter)
        #expect(await model.subscriberCount == 1)
        await model.refresh()
        #expect(await counter.count == 1)
    }

    @Test func unregisteringInsideACallbackStopsTheRestAtOnce() async {
        let model = model([TripFixtures.enrouteToPickup()])
        let log = EventLog()
        await log.setOnEvent { [weak log] line in
            if line.hasPrefix("vehicle"), let log { await model.unregister(log) }
        }
        await model.register(log)
        await model.refresh()
        #expect(await log.take() == ["status ENROUTE_TO_PICKUP", "vehicle 43.7402,7.427"])
        #expect(await model.subscriberCount == 0)
    }

    @Test func aSubscriberThatGoesAwayStopsReceivingAndIsNotKeptAlive() async {
        let model = model([TripFixtures.new(), TripFixtures.enrouteToPickup()])
        weak var weakCounter: TripCounter?
        do {
            let counter = TripCounter()
            weakCounter = counter
            await model.register(counter)
            await model.refresh()
            #expect(await counter.count == 1)
        }
        #expect(weakCounter == nil, "the model holds subscribers weakly")
        await model.refresh()
        #expect(await model.subscriberCount == 0)
    }

    @Test func aLateSubscriberGetsTheWholeCurrentStateWithTheNextUpdate() async {
        let model = model([TripFixtures.enrouteToPickup()])
        let early = EventLog()
        await model.register(early)
        await model.refresh()
        _ = await early.take()
        let late = EventLog()
        await model.register(late)
        await model.refresh()
        #expect(await early.take() == [], "nothing changed for the early subscriber")
        let lines = await late.take()
        #expect(lines.first == "status ENROUTE_TO_PICKUP")
        #expect(lines.count == 10)
        #expect(lines.last?.hasPrefix("trip [tripStatus,vehicleLocation,activeRoute") == true)
    }

    @Test func failuresReachEverySubscriberInRegistrationOrder() async {
        let backend = ScriptedTripBackend([.failure(TripServiceError(code: .notFound, message: "no trip"))])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        let a = EventLog(), b = EventLog()
        await model.register(a)
        await model.register(b)
        await model.refresh()
        #expect(await a.take() == ["fail NOT_FOUND client"])
        #expect(await b.take() == ["fail NOT_FOUND client"])
    }
}
