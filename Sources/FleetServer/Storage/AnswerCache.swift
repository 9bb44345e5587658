import Foundation
import NIOConcurrencyHelpers

/// GetTrip and GetTaskTrackingInfo answers already encoded, for riders polling the same trip and consumers the same
/// shipment: reused until the next write. They poll every few seconds and what is stored only changes with a write,
/// which empties the cache; only the derived
/// countdowns (`remainingTimeToFirstWaypoint`, waypoint durations) age, so an answer is refreshed each second — by
/// one request, while the others keep getting the previous second's answer (no stampede at each second). Answers
/// are thus at most two seconds old in their countdowns. Authorization is still checked on every request, against
/// the trip's assigned vehicle kept with the answer (a shipment's readers depend on the token alone).
final class AnswerCache: Sendable {
    struct Answer: Sendable {
        var body: Data
        var assignedVehicle: String
        var second: Int64
        /// A request is recomputing this answer for a newer second.
        var refreshing = false
    }

    private struct State {
        var answers: [String: Answer] = [:]
        /// Bumped by every write: an answer computed before a write is never stored after it.
        var generation: UInt64 = 0
    }

    /// Answers kept at most; past it the cache starts over (a bound, not an eviction policy: one trip has a
    /// handful of distinct queries).
    static let capacity = 10_000
    private let state = NIOLockedValueBox(State())

    var generation: UInt64 { state.withLockedValue { $0.generation } }

    /// The answer for `key` to reuse at `second`: this second's, or the previous second's while another request
    /// refreshes it. Nil tells the caller to compute it (and it becomes the one refreshing).
    func answer(for key: String, second: Int64) -> Answer? {
        state.withLockedValue { state in
            guard var answer = state.answers[key] else { return nil }
            if answer.second == second { return answer }
            guard answer.second == second - 1 else { return nil }
            if answer.refreshing { return answer }
            answer.refreshing = true
            state.answers[key] = answer
            return nil
        }
    }

    /// The answer for `key` that ``answer(for:second:)`` would give at `second` without choosing a refresher:
    /// nil when the caller would have to compute it, or become the one refreshing it.
    func reusableAnswer(for key: String, second: Int64) -> Answer? {
        state.withLockedValue { state in
            guard let answer = state.answers[key] else { return nil }
            return answer.second == second || (answer.second == second - 1 && answer.refreshing) ? answer : nil
        }
    }

    /// Keeps `answer`, unless a write happened since `generation` was read.
    func store(_ answer: Answer, for key: String, computedAt generation: UInt64) {
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.answers.count >= Self.capacity { state.answers.removeAll(keepingCapacity: true) }
            state.answers[key] = answer
        }
    }

    /// A write committed: every answer may be stale.
    func invalidate() {
        state.withLockedValue { state in
            state.generation &+= 1
            state.answers.removeAll(keepingCapacity: true)
        }
    }
}
