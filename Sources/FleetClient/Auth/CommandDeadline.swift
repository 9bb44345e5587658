import FleetModel
import Foundation
import NIOConcurrencyHelpers

/// The timeout of one command: armed as the command starts, it kills the command's process group at the deadline
/// unless the command has exited by then.
///
/// The timer and the watch on the exit both run on one serial dispatch queue, never on Swift's cooperative pool,
/// because the run's own tasks may wait their turn there: swift-subprocess ends every run with a task on the pool,
/// and when "exited" meant "the run returned", a one-line command was called timed out after 30 s of a full pool
/// (under ASan, every suite at once). The exit is learnt from the process's pidfd, which becomes readable when it
/// ends; without one (kernels before 5.3) it is learnt when the run returns. (`@unchecked`: the dispatch source, not
/// marked `Sendable`, is only cancelled after it is made, which dispatch allows from any thread.)
final class CommandDeadline: @unchecked Sendable {
    private static let queue = DispatchQueue(label: "tripterm.command-deadline")

    /// (stopped, exited): the first of the deadline and the exit to arrive settles the outcome.
    private let state = NIOLockedValueBox((stopped: false, exited: false))
    private let exitWatch: (any DispatchSourceRead)?

    /// - Parameters:
    ///   - group: the command's process group (its pid: it leads a group of its own), killed whole so that a
    ///     grandchild holding the pipes dies too. SIGKILL rather than SIGTERM, which a child may have inherited as
    ///     ignored.
    ///   - processDescriptor: the command's pidfd, or a negative number for none; it is duplicated, not kept.
    init(group: pid_t, processDescriptor: CInt, timeout: Duration) {
        let state = state
        if processDescriptor >= 0, case let watched = dup(processDescriptor), watched >= 0 {
            let source = DispatchSource.makeReadSource(fileDescriptor: watched, queue: Self.queue)
            source.setEventHandler {
                state.withLockedValue { $0.exited = true }
                source.cancel()
            }
            source.setCancelHandler { close(watched) }
            source.resume()
            exitWatch = source
        } else {
            exitWatch = nil
        }
        // A timer on the queue, not a task, whose wake-up would wait its turn on a full pool. It outlives the
        // command's pipes, so a command that closes them and runs on is stopped too.
        Self.queue.asyncAfter(deadline: .now() + timeout.inSeconds) {
            state.withLockedValue { state in
                guard !state.exited else { return }
                state.stopped = true
                kill(-group, SIGKILL)
            }
        }
    }

    /// Called once the run has returned: whether the deadline stopped the command.
    func end() -> Bool {
        exitWatch?.cancel()
        return state.withLockedValue { state in
            state.exited = true
            return state.stopped
        }
    }
}
