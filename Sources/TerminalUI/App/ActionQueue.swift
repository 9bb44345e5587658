import NIOConcurrencyHelpers

/// Runs the screens' slow actions (network calls, replay seeks) one after another, each on a task of its own, so
/// the loop goes on reading keys and drawing meanwhile. One at a time and in order, as the keys asked for them:
/// two quick `o`s toggle twice, each seeing the other's result. Each result waits for the loop, which hands it to
/// the screen that asked.
final class ActionQueue: Sendable {
    struct Result: Sendable {
        var screen: Int
        var notice: String?
    }

    private struct State {
        var finished: [Result] = []
        var last: Task<Void, Never>?
        var started: UInt64 = 0
        /// Actions numbered below this that have not begun are dropped (the loop is quitting).
        var droppedBelow: UInt64 = 0
        var unfinished = 0
    }

    private let state = NIOLockedValueBox(State())
    private let wakeup: LoopWakeup

    init(wakeup: LoopWakeup) { self.wakeup = wakeup }

    /// Whether every action asked for has finished (and its result is waiting or taken).
    var isIdle: Bool { state.withLockedValue { $0.unfinished == 0 } }

    /// Queues `work` for `screen`, after every action queued before it.
    func start(for screen: Int, _ work: @escaping @Sendable () async -> String?) {
        state.withLockedValue { state in
            state.started += 1
            state.unfinished += 1
            let number = state.started
            let previous = state.last
            state.last = Task { [self] in
                await previous?.value
                let dropped = self.state.withLockedValue { number < $0.droppedBelow }
                let notice = dropped ? nil : await work()
                self.state.withLockedValue {
                    $0.finished.append(Result(screen: screen, notice: notice))
                    $0.unfinished -= 1
                }
                wakeup.post()
            }
        }
    }

    /// The results that came in since the last call, oldest first.
    func takeFinished() -> [Result] {
        state.withLockedValue { state in
            defer { state.finished.removeAll() }
            return state.finished
        }
    }

    /// Drops the actions that have not begun; the one under way, if any, goes on to its end.
    func dropWaiting() {
        state.withLockedValue { $0.droppedBelow = $0.started + 1 }
    }

    /// Returns once every action asked for so far has finished.
    func waitUntilIdle() async {
        await state.withLockedValue { $0.last }?.value
    }
}
