import NIOConcurrencyHelpers

/// A clock that moves only when told to: tests drive a ``TripModel`` through hours of polling without sleeping,
/// and see exactly how long it asked to wait.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock was made.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var cancelledBeforeRegistering: Set<UInt64> = []
        var sleeperWaiters: [CheckedContinuation<Duration, Never>] = []
    }

    /// NIO's lock (a pthread mutex) rather than Synchronization's `Mutex`: when contended, `Mutex` waits in the
    /// kernel through a PI futex that ThreadSanitizer cannot see, so it reported accesses made inside the lock as
    /// races (the clock is used from many tasks at once in the soak tests).
    private let state = NIOLockedValueBox(State())

    public init() {}

    public var now: Instant { state.withLockedValue { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLockedValue { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resume: Result<Void, any Error>? = state.withLockedValue { s in
                    if s.cancelledBeforeRegistering.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= s.now { return .success(()) }
                    s.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let waiters = s.sleeperWaiters
                    s.sleeperWaiters = []
                    let remaining = s.now.duration(to: deadline)
                    for waiter in waiters { waiter.resume(returning: remaining) }
                    return nil
                }
                if let resume { continuation.resume(with: resume) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLockedValue { s in
                if let index = s.sleepers.firstIndex(where: { $0.id == id }) { return s.sleepers.remove(at: index) }
                s.cancelledBeforeRegistering.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward, waking every sleeper whose deadline has come, earliest first.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = state.withLockedValue { s in
            s.now = s.now.advanced(by: duration)
            let now = s.now
            let due = s.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            s.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits until some task is sleeping on this clock and returns how long until its deadline (the earliest one
    /// when several sleep). Returns at once when a task is already sleeping.
    public func nextSleep() async -> Duration {
        await withCheckedContinuation { continuation in
            let ready: Duration? = state.withLockedValue { s in
                if let first = s.sleepers.min(by: { $0.deadline < $1.deadline }) {
                    return s.now.duration(to: first.deadline)
                }
                s.sleeperWaiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { state.withLockedValue { $0.sleepers.count } }
}
