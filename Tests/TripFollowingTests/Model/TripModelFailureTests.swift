import FleetModel
import TestSupport
import Testing

@testable import TripFollowing

/// Failures: classification, backoff, slow client retries, Retry-After, and recovery.
@Suite struct TripModelFailureTests {
    let clock = VirtualClock.manual()
    static let unavailable = TripServiceError(transport: .connectionRefused)
    static let denied = TripServiceError(code: .permissionDenied, message: "token is for trip x", httpStatus: 403)

    func sleeps(_ model: TripModel, _ count: Int) async -> [Duration] {
        var out: [Duration] = []
        for _ in 0..<count {
            let d = await clock.nextSleep()
            out.append(d)
            clock.advance(by: d)
        }
        return out
    }

    @Test func recoverableFailuresBackOffExponentiallyUpToThePollIntervalThenRecover() async {
        let backend = ScriptedTripBackend(
            Array(repeating: .failure(Self.unavailable), count: 5) + [.trip(TripFixtures.new())])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, options: .init(jitter: 0), clock: clock)
        let log = EventLog()
        await model.register(log)
        await model.start()
        #expect(await sleeps(model, 5) == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        #expect(await model.consecutiveFailures == 5)
        #expect(await model.lastError == Self.unavailable)
        #expect(await clock.nextSleep() == .seconds(5))
        let lines = await log.take()
        #expect(lines.prefix(5) == ArraySlice(repeating: "fail UNAVAILABLE recoverable", count: 5))
        #expect(lines[5] == "recover 5 UNAVAILABLE", "recovery comes before the update")
        #expect(lines[6] == "status NEW")
        #expect(await model.lastError == nil)
        #expect(await model.consecutiveFailures == 0)
        await model.stop()
    }

    @Test func clientFailuresAreRetriedSlowlyAndStayVisibleUntilASuccess() async {
        let backend = ScriptedTripBackend([
            .failure(Self.denied), .failure(Self.denied), .failure(Self.denied), .trip(TripFixtures.new()),
        ])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        let log = EventLog()
        await model.register(log)
        await model.start()
        #expect(await sleeps(model, 3) == [.seconds(15), .seconds(15), .seconds(15)])
        #expect(await clock.nextSleep() == .seconds(5))
        #expect(
            await log.take().prefix(4) == [
                "fail PERMISSION_DENIED client", "fail PERMISSION_DENIED client", "fail PERMISSION_DENIED client",
                "recover 3 PERMISSION_DENIED",
            ])
        await model.stop()
    }

    @Test func retryAfterIsHonouredAsAMinimum() async {
        var quota = TripServiceError(code: .resourceExhausted, message: "quota", httpStatus: 429)
        quota.retryAfter = .seconds(42)
        var busy = TripServiceError(code: .unavailable, message: "busy", httpStatus: 503)
        busy.retryAfter = .seconds(9)
        let backend = ScriptedTripBackend([.failure(quota), .failure(busy), .trip(TripFixtures.new())])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, options: .init(jitter: 0), clock: clock)
        await model.start()
        #expect(await sleeps(model, 2) == [.seconds(42), .seconds(9)])
        #expect(await clock.nextSleep() == .seconds(5))
        #expect(await model.retryDelay == .seconds(5))
        await model.stop()
    }

    @Test func jitterStaysWithinItsBoundsAndIsReproducibleWithASeed() async {
        func delays(seed: UInt64) async -> [Duration] {
            let clock = VirtualClock.manual()
            let backend = ScriptedTripBackend([.failure(Self.unavailable)])
            let model = TripModel(
                tripName: TripFixtures.name, backend: backend,
                options: .init(pollInterval: .seconds(60), jitterSeed: seed), clock: clock)
            await model.start()
            var out: [Duration] = []
            for _ in 0..<6 {
                let d = await clock.nextSleep()
                out.append(d)
                clock.advance(by: d)
            }
            await model.stop()
            return out
        }
        let a = await delays(seed: 7)
        #expect(await delays(seed: 7) == a)
        #expect(await delays(seed: 8) != a)
        for (i, d) in a.enumerated() {
            let base = Double(1 << i)
            #expect(d.inSeconds >= base * 0.8 - 1e-9 && d.inSeconds <= base * 1.2 + 1e-9, "attempt \(i + 1): \(d)")
        }
    }

    /// Regression (found by the fault soak): jitter was applied after the cap, so a backend that healed during a
    /// long outage could wait 1.2 poll intervals to be noticed.
    @Test func jitterNeverTakesTheBackoffPastThePollInterval() async {
        let backend = ScriptedTripBackend([.failure(Self.unavailable)])
        let model = TripModel(
            tripName: TripFixtures.name, backend: backend, options: .init(jitterSeed: 3), clock: clock)
        await model.start()
        let delays = await sleeps(model, 40)
        #expect(delays.allSatisfy { $0 <= .seconds(5) }, "\(delays)")
        #expect(delays.dropFirst(3).contains { $0 < .seconds(5) }, "jitter still spreads the capped retries")
        await model.stop()
    }

    struct Unexpected: Error {}

    @Test func unexpectedErrorsAreClassifiedNotLost() async {
        let backend = ScriptedTripBackend([
            .error(Unexpected()),
            .error(
                NameError(
                    input: "x", field: .tripName, reason: "bad", expectedFormat: "providers/{provider}/trips/{trip}")),
            .error(CancellationError()),
        ])
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        let log = EventLog()
        await model.register(log)
        await model.refresh()
        await model.refresh()
        await model.refresh()
        #expect(
            await log.take() == [
                "fail UNKNOWN recoverable", "fail INVALID_ARGUMENT client", "fail CANCELLED recoverable",
            ])
    }

    @Test func everyFailureClassFromTheStatusTableIsDelivered() async {
        let steps = StatusCode.allCases.filter { $0 != .ok }.map {
            ScriptedTripBackend.Step.failure(TripServiceError(code: $0, message: "x"))
        }
        let backend = ScriptedTripBackend(steps)
        let model = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        let log = EventLog()
        await model.register(log)
        for _ in steps { await model.refresh() }
        let expected = StatusCode.allCases.filter { $0 != .ok }.map { "fail \($0.name) \($0.errorClass)" }
        #expect(await log.take() == expected)
    }
}
