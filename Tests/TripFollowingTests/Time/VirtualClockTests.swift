import FleetModel
import TestSupport
import Testing
import TripFollowing

/// The one clock of virtual time: replay's speeds and seeks, the tests' manual stepping.
@Suite struct VirtualClockTests {
    @Test func asFastAsPossibleJumpsToEachDeadline() async throws {
        let clock = VirtualClock(start: TripFixtures.at(0), speed: .asFastAsPossible)
        try await clock.sleep(until: .init(TripFixtures.at(3600)))
        #expect(clock.timestamp == TripFixtures.at(3600))
    }

    @Test func pausedTimeStandsStillAndSeekWakesSleepers() async throws {
        let clock = VirtualClock(start: TripFixtures.at(0), paused: true)
        let sleeper = Task { try await clock.sleep(until: .init(TripFixtures.at(10))) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(clock.timestamp == TripFixtures.at(0))
        clock.seek(to: TripFixtures.at(5))
        try await sleeper.value
        #expect(clock.timestamp == TripFixtures.at(5))
    }

    @Test func speedScalesWallTime() async throws {
        let clock = VirtualClock(start: TripFixtures.at(0), speed: .factor(100))
        let wall = ContinuousClock()
        let started = wall.now
        try await clock.sleep(until: .init(TripFixtures.at(10)))
        let elapsed = started.duration(to: wall.now)
        #expect(elapsed >= .milliseconds(90), "10 s at ×100 is at least 0.1 s of wall time")
        #expect(clock.timestamp >= TripFixtures.at(10))
    }

    @Test func cancellingASleeperEndsItsSleep() async {
        let clock = VirtualClock(start: TripFixtures.at(0), paused: true)
        let sleeper = Task { try await clock.sleep(until: .init(TripFixtures.at(10))) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func advanceWakesOnlyTheDueSleepersEarliestFirst() async throws {
        let clock = VirtualClock.manual(start: TripFixtures.at(0))
        let order = OrderLog()
        let late = Task {
            try await clock.sleep(until: .init(TripFixtures.at(30)))
            await order.append(30)
        }
        #expect(await clock.nextSleep() == .seconds(30))
        let early = Task {
            try await clock.sleep(until: .init(TripFixtures.at(10)))
            await order.append(10)
        }
        while clock.sleeperCount < 2 { await Task.yield() }
        #expect(await clock.nextSleep() == .seconds(10), "the earliest of two sleepers")
        clock.advance(by: .seconds(10))
        try await early.value
        #expect(clock.sleeperCount == 1, "the later sleeper still sleeps")
        #expect(clock.timestamp == TripFixtures.at(10))
        clock.advance(by: .seconds(25))
        try await late.value
        #expect(await order.values == [10, 30])
        #expect(clock.timestamp == TripFixtures.at(35))
    }

    @Test func nextSleepWaitsForSomebodyToSleep() async throws {
        let clock = VirtualClock.manual(start: TripFixtures.at(0))
        let watcher = Task { await clock.nextSleep() }
        try await Task.sleep(for: .milliseconds(20))
        let sleeper = Task { try await clock.sleep(until: .init(TripFixtures.at(7))) }
        #expect(await watcher.value == .seconds(7))
        clock.advance(by: .seconds(7))
        try await sleeper.value
    }

    /// Many tasks sleeping short, staggered sleeps at ×100 all wake, timers firing while others are armed; the time
    /// limit turns a lost wake-up into a failure. A smoke test: the race it guards against (a timer installed after
    /// the lock was let go cancelling its own successor) needs a timer to fire within a few instructions, and the
    /// old code passed it ten times in ten on the plain build.
    @Test(.timeLimit(.minutes(1))) func concurrentShortSleepsAllWake() async throws {
        let clock = VirtualClock(start: ProtoTimestamp(seconds: 1_700_000_000), speed: .factor(100))
        let woken = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<64 {
                group.addTask {
                    for step in 0..<200 {
                        try await clock.sleep(for: .microseconds(100 + (task * 7 + step * 13) % 500))
                    }
                    return 200
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(woken == 64 * 200)
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

/// The order in which sleepers woke.
private actor OrderLog {
    private(set) var values: [Int] = []
    func append(_ value: Int) { values.append(value) }
}
