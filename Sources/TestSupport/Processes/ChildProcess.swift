import Foundation
import NIOConcurrencyHelpers
import Subprocess
import SystemPackage

/// A long-running child process (a server, a replay, gpsfake) started with swift-subprocess, its output collected as
/// it comes: stdout and stderr together, or stdout alone with stderr left to the test's own.
///
/// Every wait is async: the process is reaped through its pidfd and its pipes are read through epoll, so no thread
/// — of Swift's cooperative pool or any other — blocks on it. The child leads a process group of its own, so a hard
/// stop also ends what it started (gpsfake's gpsd) and no grandchild keeps its pipe, and with it the test, open. Its
/// pipes are opened close-on-exec and it inherits no other descriptor of the test process: a concurrent test's child
/// cannot hold this one's pipe open either (Foundation's `Process` could not promise that, and in one full `swift test`
/// run a wait for gpsfake's exit never returned).
public final class ChildProcess: Sendable {
    private struct State {
        var collected: [UInt8] = []
        var termination: TerminationStatus?
    }

    /// How long ``interruptAndWait()`` waits after SIGINT before it kills the process group.
    private static let interruptGrace: Duration = .seconds(30)

    private let pid: pid_t
    private let state: NIOLockedValueBox<State>
    private let finished: Task<Void, Never>

    private init(pid: pid_t, state: NIOLockedValueBox<State>, finished: Task<Void, Never>) {
        self.pid = pid
        self.state = state
        self.finished = finished
    }

    /// Starts `executable` with `arguments` and returns once it runs; throws when it cannot be started.
    public static func start(
        _ executable: String, _ arguments: [String], separateStandardError: Bool = false
    ) async throws -> ChildProcess {
        let state = NIOLockedValueBox(State())
        let (started, reportStart) = AsyncStream<Result<pid_t, any Error>>.makeStream()
        let finished = Task {
            do {
                let result =
                    if separateStandardError {
                        try await collect(executable, arguments, error: .currentStandardError, into: state) {
                            reportStart.yield(.success($0))
                        }
                    } else {
                        try await collect(executable, arguments, error: .combinedWithOutput, into: state) {
                            reportStart.yield(.success($0))
                        }
                    }
                state.withLockedValue { $0.termination = result }
            } catch {
                reportStart.yield(.failure(error))
                state.withLockedValue { $0.termination = .exited(-1) }
            }
            reportStart.finish()
        }
        var iterator = started.makeAsyncIterator()
        guard let first = await iterator.next() else { throw CocoaError(.executableLoad) }
        return ChildProcess(pid: try first.get(), state: state, finished: finished)
    }

    /// Runs the process to its end, appending what it writes to `state`; `started` gets its pid once it runs.
    private static func collect<Error: ErrorOutputProtocol>(
        _ executable: String, _ arguments: [String], error: Error, into state: NIOLockedValueBox<State>,
        started: @escaping @Sendable (pid_t) -> Void
    ) async throws -> TerminationStatus {
        var options = PlatformOptions()
        options.processGroupID = 0
        let result = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(arguments), platformOptions: options, input: .none,
            output: .sequence, error: error
        ) { execution in
            started(execution.processIdentifier.value)
            for try await chunk in execution.standardOutput {
                chunk.withUnsafeBytes { bytes in state.withLockedValue { $0.collected.append(contentsOf: bytes) } }
            }
        }
        return result.terminationStatus
    }

    /// Whether the process has ended through a signal (a `kill -9`, say) rather than by exiting.
    public var endedBySignal: Bool {
        if case .signaled = state.withLockedValue({ $0.termination }) { return true }
        return false
    }

    public var output: String { state.withLockedValue { String(decoding: $0.collected, as: UTF8.self) } }

    /// The first output line containing `text`, waiting up to `timeout` seconds.
    public func waitForLine(containing text: String, timeout: Double) async -> String? {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while true {
            if let line = output.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            // Looked at once more after the deadline: on a busy pool the last sleep can end well past it, and a line
            // that came in meanwhile came in time.
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// SIGINT, then the exit status once the process and its output have ended — after 30 s, SIGKILL to its group.
    /// A process ended by a signal gives the signal's number, as `Process.terminationStatus` did.
    @discardableResult
    public func interruptAndWait() async throws -> Int32 {
        kill(pid, SIGINT)
        return await waitAfterInterrupt()
    }

    /// Waits for the end after SIGINT; past the grace period, SIGKILL to the process group.
    private func waitAfterInterrupt() async -> Int32 {
        let pid = pid
        let watchdog = Task {
            try await Task.sleep(for: Self.interruptGrace)
            kill(-pid, SIGKILL)
        }
        await finished.value
        watchdog.cancel()
        switch state.withLockedValue({ $0.termination }) {
        case .exited(let code): return code
        case .signaled(let signal): return signal
        case nil: return -1
        }
    }

    /// `kill -9` to the process and whatever it started, then waits for it to end and for its output to be read.
    public func killHard() async throws {
        kill(-pid, SIGKILL)
        await finished.value
    }

    /// Ends the process if it still runs, as ``stop()`` does, without waiting: for `defer`, which cannot await.
    public func stopSoon() {
        guard !hasEnded else { return }
        // The signal now, so the process stops even if this test process ends before the task below runs.
        kill(pid, SIGINT)
        Task { _ = await waitAfterInterrupt() }
    }

    /// Ends the process if it still runs (SIGINT first, so gpsfake can stop its gpsd).
    public func stop() async {
        guard !hasEnded else { return }
        _ = try? await interruptAndWait()
    }

    private var hasEnded: Bool { state.withLockedValue { $0.termination != nil } }
}
