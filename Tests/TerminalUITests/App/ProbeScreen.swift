import NIOConcurrencyHelpers
import TerminalCore

@testable import TerminalUI

/// A screen for testing the loop: it logs what reaches it, and its keys ask for each command — `q` quits, `s`
/// switches, `r` redraws, `p` performs an action that waits for ``open()`` (or `delay`) and returns "done <n>".
final class ProbeScreen: Screen {
    let name: String
    let delay: Duration?
    private(set) var log: [String] = []
    private(set) var currentCount = 0
    private var changed = true
    private var actions = 0
    private let gate = Gate()

    init(_ name: String = "probe", delay: Duration? = nil) {
        self.name = name
        self.delay = delay
    }

    /// Lets every action asked for so far finish.
    func open() { gate.open() }

    func becameCurrent() {
        currentCount += 1
        changed = true
    }

    func handle(_ event: TerminalEvent, size: TerminalSize) -> ScreenCommand {
        guard case .key(.character(let character)) = event else { return .none }
        log.append("key \(character)")
        changed = true
        switch character {
        case "q": return .quit
        case "s": return .switchScreen
        case "r": return .redraw
        case "p":
            actions += 1
            let (number, gate, delay) = (actions, gate, delay)
            return .perform {
                if let delay { try? await Task.sleep(for: delay) } else { await gate.wait() }
                return "done \(number)"
            }
        default: return .none
        }
    }

    func finished(_ notice: String?) {
        log.append(notice ?? "nil")
        changed = true
    }

    func frame(size: TerminalSize, at now: ContinuousClock.Instant) async -> CellBuffer? {
        guard changed else { return nil }
        changed = false
        var buffer = CellBuffer(width: size.width, height: size.height)
        buffer.put(name + ": " + log.joined(separator: ", "), x: 0, y: 0)
        return buffer
    }

    func refreshInterval(at now: ContinuousClock.Instant) -> Duration { .milliseconds(250) }
}

/// Closed until opened; then every wait, past and future, returns.
final class Gate: Sendable {
    private let state = NIOLockedValueBox((open: false, waiters: [CheckedContinuation<Void, Never>]()))

    func open() {
        let waiters = state.withLockedValue { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLockedValue { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }
}
