import FleetModel
import NIOConcurrencyHelpers

/// The one clock of tripterm's virtual time: a replay's, the demo's (time running N× faster), and the tests'
/// (time that moves only when told to).
///
/// Its time is a ``ProtoTimestamp`` that runs at a ``ReplaySpeed`` against the wall clock, can be paused, can jump
/// (``seek(to:)`` wakes every sleeper, so whoever follows a replay looks again at once) and can be stepped
/// (``advance(by:)`` wakes only the sleepers that are due, earliest first). At ``ReplaySpeed/asFastAsPossible`` time
/// jumps straight to the earliest deadline. A ``TripModel``, a ``VehicleReporter`` or a location source sleeping on
/// it wakes when *virtual* time reaches the deadline: at ×10 a 5 s sleep takes half a wall second.
///
/// Tests make it with ``manual(start:)`` — paused, so only ``advance(by:)`` moves it — and use ``nextSleep()`` to
/// see exactly how long the code under test asked to wait.
public final class VirtualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, CustomStringConvertible {
        public var timestamp: ProtoTimestamp
        public init(_ timestamp: ProtoTimestamp) { self.timestamp = timestamp }
        public func advanced(by duration: Duration) -> Instant { Instant(timestamp + duration) }
        public func duration(to other: Instant) -> Duration { other.timestamp - timestamp }
        public static func < (a: Instant, b: Instant) -> Bool { a.timestamp < b.timestamp }
        public var description: String { timestamp.rfc3339 }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: ProtoTimestamp
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var anchorVirtual: ProtoTimestamp
        var anchorWall: ContinuousClock.Instant
        var speed: ReplaySpeed
        var paused: Bool
        var sleepers: [Sleeper] = []
        /// Sleepers cancelled before they were registered (the cancellation handler ran first).
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
        var timer: Task<Void, Never>?
        /// Tasks waiting in ``nextSleep()`` for somebody to sleep.
        var sleepWatchers: [CheckedContinuation<Duration, Never>] = []

        func now(wall: ContinuousClock.Instant) -> ProtoTimestamp {
            guard !paused, case .factor(let f) = speed else { return anchorVirtual }
            return anchorVirtual + anchorWall.duration(to: wall) * f
        }

        mutating func reanchor(wall: ContinuousClock.Instant) {
            anchorVirtual = now(wall: wall)
            anchorWall = wall
        }

        /// Removes and returns the sleepers due at `time`, earliest first.
        mutating func takeDue(at time: ProtoTimestamp) -> [Sleeper] {
            let due = sleepers.filter { $0.deadline <= time }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= time }
            return due
        }
    }

    /// NIO's lock (a pthread mutex) rather than Synchronization's `Mutex`: when contended, `Mutex` waits in the
    /// kernel through a PI futex that ThreadSanitizer cannot see, so it reported accesses made inside the lock as
    /// races (the clock is used from many tasks at once in the soak tests).
    private let state: NIOLockedValueBox<State>
    private let wall = ContinuousClock()

    public init(start: ProtoTimestamp, speed: ReplaySpeed = .realtime, paused: Bool = false) {
        state = NIOLockedValueBox(
            State(anchorVirtual: start, anchorWall: ContinuousClock.now, speed: speed, paused: paused))
    }

    /// A clock for tests: paused at `start`, so it moves only through ``advance(by:)`` and ``seek(to:)``.
    public static func manual(start: ProtoTimestamp = ProtoTimestamp(seconds: 1_700_000_000)) -> VirtualClock {
        VirtualClock(start: start, paused: true)
    }

    public var now: Instant { Instant(timestamp) }
    /// The current virtual time.
    public var timestamp: ProtoTimestamp { state.withLockedValue { $0.now(wall: wall.now) } }
    public var minimumResolution: Duration { .milliseconds(1) }

    public var speed: ReplaySpeed {
        get { state.withLockedValue { $0.speed } }
        set { change { $0.speed = newValue } }
    }

    public var isPaused: Bool { state.withLockedValue { $0.paused } }

    public func pause() { change { $0.paused = true } }
    public func resume() { change { $0.paused = false } }
    public func togglePause() { change { $0.paused.toggle() } }

    /// Jumps to `time` and wakes every sleeper, due or not: after a jump, whoever sleeps looks again.
    public func seek(to time: ProtoTimestamp) {
        let woken: [Sleeper] = state.withLockedValue { s in
            s.anchorVirtual = time
            s.anchorWall = wall.now
            defer { s.sleepers = [] }
            return s.sleepers
        }
        for sleeper in woken { sleeper.continuation.resume() }
        reschedule()
    }

    /// Moves time forward by `duration`, waking the sleepers whose deadline has come, earliest first, and no other.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = state.withLockedValue { s in
            s.reanchor(wall: wall.now)
            s.anchorVirtual = s.anchorVirtual + duration
            return s.takeDue(at: s.anchorVirtual)
        }
        for sleeper in due { sleeper.continuation.resume() }
        reschedule()
    }

    /// Waits until some task sleeps on this clock and returns how long until its deadline (the earliest one when
    /// several sleep). Returns at once when a task already sleeps.
    public func nextSleep() async -> Duration {
        await withCheckedContinuation { continuation in
            let ready: Duration? = state.withLockedValue { s in
                if let first = s.sleepers.min(by: { $0.deadline < $1.deadline }) {
                    return first.deadline - s.now(wall: wall.now)
                }
                s.sleepWatchers.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// How many tasks sleep on this clock.
    public var sleeperCount: Int { state.withLockedValue { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLockedValue { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (immediate, watchers): (Result<Void, any Error>?, [CheckedContinuation<Duration, Never>]) =
                    state.withLockedValue { s in
                        if s.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                        let now = s.now(wall: wall.now)
                        if deadline.timestamp <= now { return (.success(()), []) }
                        if case .asFastAsPossible = s.speed, !s.paused {
                            s.anchorVirtual = deadline.timestamp
                            return (.success(()), [])
                        }
                        s.sleepers.append(Sleeper(id: id, deadline: deadline.timestamp, continuation: continuation))
                        defer { s.sleepWatchers = [] }
                        return (nil, s.sleepWatchers)
                    }
                if let immediate {
                    continuation.resume(with: immediate)
                    return
                }
                let remaining = deadline.timestamp - timestamp
                for watcher in watchers { watcher.resume(returning: remaining) }
                reschedule()
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLockedValue { s in
                if let i = s.sleepers.firstIndex(where: { $0.id == id }) { return s.sleepers.remove(at: i) }
                s.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    private func change(_ body: (inout State) -> Void) {
        state.withLockedValue { s in
            s.reanchor(wall: wall.now)
            body(&s)
        }
        reschedule()
    }

    /// Wakes the sleepers that are due, then arms one wall-clock timer for the earliest remaining deadline (none
    /// while paused: paused time moves only by ``advance(by:)`` and ``seek(to:)``).
    ///
    /// The timer is made and installed in the same locked step that cancels the previous one. When installing came
    /// after the lock was let go, a timer due at once could fire, reschedule and install its successor first; the
    /// late install then cancelled that successor and left a timer that had already run, so nothing woke the
    /// sleepers again: a lost wake-up that fits a headless demo once stalled under ASan with every task parked.
    private func reschedule() {
        let due: [Sleeper] = state.withLockedValue { s in
            s.timer?.cancel()
            s.timer = nil
            let now = s.now(wall: wall.now)
            var due = s.takeDue(at: now)
            guard !s.paused, let earliest = s.sleepers.map(\.deadline).min() else { return due }
            switch s.speed {
            case .asFastAsPossible:
                s.anchorVirtual = earliest
                due += s.takeDue(at: earliest)
            case .factor(let f):
                let delay = (earliest - now) / f
                s.timer = Task.detached { [weak self] in
                    do {
                        try await Task.sleep(for: delay)
                    } catch {
                        return
                    }
                    self?.reschedule()
                }
            }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
