import FleetModel
import NIOConcurrencyHelpers

/// The clock of a replay: its time is the recording's time, running at a chosen speed, pausable, and able to jump.
///
/// A ``TripModel`` or a replay loop sleeping on it wakes when *replay* time reaches the deadline: at ×10 a 5 s
/// sleep takes half a wall second; paused, it waits until resumed; at ``ReplaySpeed/asFastAsPossible`` time jumps
/// straight to the deadline. A seek wakes every sleeper, so whoever follows the replay looks again at once.
public final class ReplayClock: Clock, Sendable {
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
        var anchorReplay: ProtoTimestamp
        var anchorWall: ContinuousClock.Instant
        var speed: ReplaySpeed
        var paused: Bool
        var sleepers: [Sleeper] = []
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
        var timer: Task<Void, Never>?

        func now(wall: ContinuousClock.Instant) -> ProtoTimestamp {
            guard !paused, case .factor(let f) = speed else { return anchorReplay }
            let elapsed = anchorWall.duration(to: wall)
            return anchorReplay + elapsed * f
        }

        mutating func reanchor(wall: ContinuousClock.Instant) {
            anchorReplay = now(wall: wall)
            anchorWall = wall
        }
    }

    private let state: NIOLockedValueBox<State>
    private let wall = ContinuousClock()

    public init(start: ProtoTimestamp, speed: ReplaySpeed = .realtime, paused: Bool = false) {
        state = NIOLockedValueBox(State(anchorReplay: start, anchorWall: ContinuousClock.now, speed: speed, paused: paused))
    }

    public var now: Instant { Instant(timestamp) }
    /// The current replay time.
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

    /// Jumps to `time` and wakes every sleeper.
    public func seek(to time: ProtoTimestamp) {
        let woken: [Sleeper] = state.withLockedValue { s in
            s.anchorReplay = time
            s.anchorWall = wall.now
            let all = s.sleepers
            s.sleepers = []
            return all
        }
        for sleeper in woken { sleeper.continuation.resume() }
        reschedule()
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLockedValue { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = state.withLockedValue { s in
                    if s.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    let now = s.now(wall: wall.now)
                    if deadline.timestamp <= now { return .success(()) }
                    if case .asFastAsPossible = s.speed, !s.paused {
                        s.anchorReplay = deadline.timestamp
                        return .success(())
                    }
                    s.sleepers.append(Sleeper(id: id, deadline: deadline.timestamp, continuation: continuation))
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) } else { reschedule() }
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

    /// Wakes sleepers that are due, then arms one wall-clock timer for the earliest remaining deadline.
    private func reschedule() {
        let (due, delay): ([Sleeper], Duration?) = state.withLockedValue { s in
            s.timer?.cancel()
            s.timer = nil
            let now = s.now(wall: wall.now)
            var due = s.sleepers.filter { $0.deadline <= now }
            s.sleepers.removeAll { $0.deadline <= now }
            guard !s.paused, let earliest = s.sleepers.map(\.deadline).min() else { return (due, nil) }
            switch s.speed {
            case .asFastAsPossible:
                s.anchorReplay = earliest
                due += s.sleepers.filter { $0.deadline <= earliest }
                s.sleepers.removeAll { $0.deadline <= earliest }
                return (due, nil)
            case .factor(let f):
                return (due, (earliest - now) / f)
            }
        }
        for sleeper in due { sleeper.continuation.resume() }
        guard let delay else { return }
        let timer = Task.detached { [weak self] in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            self?.reschedule()
        }
        state.withLockedValue { s in
            s.timer?.cancel()
            s.timer = timer
        }
    }
}
