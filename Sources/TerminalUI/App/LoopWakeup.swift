import NIOConcurrencyHelpers

/// Where the app loop waits between frames: until something is posted (input arrived, an action finished) or a
/// timeout passes. Posts come from any thread; one made while nobody waits is kept for the next wait, so none
/// is lost, and several coalesce into one wake-up (the loop then looks at everything).
final class LoopWakeup: Sendable {
    private struct State {
        var posted = false
        var waiter: CheckedContinuation<Void, Never>?
        /// Tells a timer which wait it was started for.
        var wait: UInt64 = 0
    }

    private let state = NIOLockedValueBox(State())

    func post() {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.posted = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after a post (or at once, for one made since the last wait) or after `timeout`.
    func wait(timeout: Duration) async {
        var timer: Task<Void, Never>?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let wait = state.withLockedValue { state -> UInt64? in
                if state.posted {
                    state.posted = false
                    return nil
                }
                state.wait &+= 1
                state.waiter = continuation
                return state.wait
            }
            guard let wait else { return continuation.resume() }
            timer = Task { [self] in
                try? await Task.sleep(for: timeout)
                expire(wait)
            }
        }
        timer?.cancel()
    }

    private func expire(_ wait: UInt64) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard state.wait == wait, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}
