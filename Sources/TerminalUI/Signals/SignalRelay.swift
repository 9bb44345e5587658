import CNcursesw
import Dispatch
import NIOConcurrencyHelpers
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Catches SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP and SIGCONT for the open terminal and hands them to its
/// event loop.
///
/// Why this design: ncurses is not thread-safe and a signal handler may run anywhere, so nothing here touches
/// curses. `DispatchSource` signal sources deliver the signals on a private queue, where a `@Sendable` handler
/// only sets a bit in an `Atomic` (a closure isolated to the main actor would trap there under Swift 6). The
/// terminal's `readEvent` polls the bits at least every 100 ms and does the real work on its own thread: restore
/// and re-raise, or suspend, stop and resume. As a backstop, a termination signal still unhandled after
/// `grace` triggers `EmergencyRestore` from the queue, then the default action.
///
/// The relay is installed once per process and stays: when no terminal is armed, a signal gets its default
/// action (exit or stop), as if nothing were installed. Installing before `newterm` also keeps ncurses from
/// installing its own SIGINT/SIGTERM/SIGTSTP handlers, which would `exit(1)` behind our back.
final class SignalRelay: Sendable {
    static let shared = SignalRelay()

    /// Ctrl-\ sends SIGQUIT in cbreak mode: it too must not leave the terminal in curses mode.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let handled: [Int32] = terminating + [SIGTSTP, SIGCONT]
    static let grace: DispatchTimeInterval = .seconds(1)

    /// Only ever touched under the lock (as a `Mutex`'s value would be, which ThreadSanitizer cannot see through:
    /// docs/TESTING.md); the dispatch sources themselves are thread-safe.
    private struct State: @unchecked Sendable {
        var installed = false
        var sources: [any DispatchSourceSignal] = []
        var armed: EmergencyRestore?
    }

    private let queue = DispatchQueue(label: "tripterm.terminal-signals")
    private let pending = Atomic<UInt64>(0)
    private let state = NIOLockedValueBox(State())

    private init() {}

    /// Installs the signal sources (once per process) and waits until they are in place.
    func install() {
        let installedNow = state.withLockedValue { state -> Bool in
            guard !state.installed else { return false }
            state.installed = true
            for signal in Self.handled {
                // Ignored until libdispatch installs its handler, so ncurses never sees SIG_DFL and never
                // installs its own; and a signal in between is not lost to a default exit mid-setup.
                cn_signal_ignore(signal)
                let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
                source.setEventHandler { @Sendable [self] in self.received(signal) }
                source.resume()
                state.sources.append(source)
            }
            return true
        }
        guard installedNow else { return }
        atexit { SignalRelay.shared.restoreAtExit() }
        // libdispatch replaces SIG_IGN with its own handler when it registers a source, asynchronously.
        var waited = 0
        while waited < 500, !Self.handled.allSatisfy({ cn_signal_disposition($0) == 2 }) {
            usleep(1000)
            waited += 1
        }
    }

    /// From now on signals are queued for the terminal's loop; `restore` is the backstop.
    func arm(_ restore: EmergencyRestore) {
        _ = pending.exchange(0, ordering: .sequentiallyConsistent)
        state.withLockedValue { $0.armed = restore }
    }

    /// Back to default actions. Returns a termination signal that arrived but was not handled, if any.
    func disarm() -> Int32? {
        // A signal that interrupted the caller's last system call may still be on its way to `received`:
        // let already-queued handlers run first so its bit is seen here rather than lost to a normal exit.
        queue.sync {}
        state.withLockedValue { $0.armed = nil }
        let bits = pending.exchange(0, ordering: .sequentiallyConsistent)
        return Self.terminating.first { bits & Self.bit($0) != 0 }
    }

    /// The signals received since the last call, terminations first.
    func takePending() -> [Int32] {
        let bits = pending.exchange(0, ordering: .sequentiallyConsistent)
        guard bits != 0 else { return [] }
        return Self.handled.filter { bits & Self.bit($0) != 0 }
    }

    /// Forgets a pending signal (SIGCONT after we stopped ourselves: the resume already redrew).
    func discard(_ signal: Int32) {
        _ = pending.bitwiseAnd(~Self.bit(signal), ordering: .sequentiallyConsistent)
    }

    private func received(_ signal: Int32) {
        guard state.withLockedValue({ $0.armed }) != nil else {
            Self.defaultAction(signal)
            return
        }
        _ = pending.bitwiseOr(Self.bit(signal), ordering: .sequentiallyConsistent)
        guard Self.terminating.contains(signal) else { return }
        queue.asyncAfter(deadline: .now() + Self.grace) { @Sendable [self] in
            guard pending.load(ordering: .sequentiallyConsistent) & Self.bit(signal) != 0,
                let restore = state.withLockedValue({ $0.armed })
            else { return }
            restore.perform()
            Self.terminate(with: signal)
        }
    }

    private func restoreAtExit() {
        state.withLockedValue { $0.armed }?.perform()
    }

    private static func bit(_ signal: Int32) -> UInt64 { 1 << UInt64(signal) }

    private static func defaultAction(_ signal: Int32) {
        if terminating.contains(signal) { terminate(with: signal) }
        if signal == SIGTSTP { stopProcess() }
    }

    /// Dies of `signal` with its default action, so the exit status names it (130 for SIGINT in a shell).
    static func terminate(with signal: Int32) -> Never {
        cn_signal_default(signal)
        var previous = sigset_t()
        cn_signal_unblock(signal, &previous)
        raise(signal)
        _exit(128 + signal)
    }

    /// Stops the process as SIGTSTP's default action would, returning once it is continued.
    static func stopProcess() {
        var handler = sigaction()
        sigaction(SIGTSTP, nil, &handler)
        cn_signal_default(SIGTSTP)
        var previous = sigset_t()
        cn_signal_unblock(SIGTSTP, &previous)
        raise(SIGTSTP)
        cn_signal_setmask(&previous)
        sigaction(SIGTSTP, &handler, nil)
    }
}
