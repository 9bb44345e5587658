import Foundation
import NIOConcurrencyHelpers

/// Runs a child process to completion off Swift's cooperative threads (Foundation's `Process` API blocks),
/// reading its standard output and error concurrently so neither pipe can fill and stall it.
enum CommandRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The process was terminated because it ran past the timeout.
        var timedOut: Bool
    }

    static func run(
        executable: String, arguments: [String], environment: [String: String], timeout: Duration
    ) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let running = RunningProcess(process)
        let (stdoutHandle, stderrHandle) = (out.fileHandleForReading, err.fileHandleForReading)
        let seconds = timeout.components.seconds
        // Own threads and an own timer queue: blocking reads on the shared global queue can starve its few threads
        // (two on a two-core machine), and then the timeout would never fire.
        DispatchQueue(label: "tripterm.token-command.timeout")
            .asyncAfter(deadline: .now() + .seconds(Int(max(1, seconds)))) { running.terminateIfRunning() }
        return await withCheckedContinuation { continuation in
            let group = DispatchGroup()
            let stderr = CollectedOutput()
            group.enter()
            Thread.detachNewThread {
                stderr.data = stderrHandle.readDataToEndOfFile()
                group.leave()
            }
            Thread.detachNewThread {
                let stdout = stdoutHandle.readDataToEndOfFile()
                group.wait()
                let (status, timedOut) = running.wait()
                continuation.resume(
                    returning: Result(
                        status: status, stdout: String(decoding: stdout, as: UTF8.self),
                        stderr: String(decoding: stderr.data, as: UTF8.self), timedOut: timedOut))
            }
        }
    }
}

/// A started process shared between the reader thread and the timeout timer.
private final class RunningProcess: @unchecked Sendable {
    private let process: Process
    /// Whether the timer terminated it; set and read under the lock, and the process is only touched under it.
    private let state = NIOLockedValueBox((finished: false, timedOut: false))

    init(_ process: Process) { self.process = process }

    func terminateIfRunning() {
        state.withLockedValue { state in
            guard !state.finished, process.isRunning else { return }
            state.timedOut = true
            // The whole tree: /bin/sh forks to run a script, and a grandchild left alive would hold the pipes open.
            // SIGKILL rather than SIGTERM, which a child may have inherited as ignored.
            let tree = Self.descendants(of: process.processIdentifier) + [process.processIdentifier]
            for pid in tree { kill(pid, SIGKILL) }
        }
    }

    /// Children, grandchildren… of `pid`, deepest first, from Linux's `/proc/PID/task/PID/children`.
    private static func descendants(of pid: Int32) -> [Int32] {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else {
            return []
        }
        let children = text.split(separator: " ").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return children.flatMap { descendants(of: $0) + [$0] }
    }

    func wait() -> (status: Int32, timedOut: Bool) {
        process.waitUntilExit()
        return state.withLockedValue { state in
            state.finished = true
            return (process.terminationStatus, state.timedOut)
        }
    }
}

/// Standard error as read on another thread; written before that thread leaves the dispatch group and read only
/// after `group.wait()`, which orders the two.
private final class CollectedOutput: @unchecked Sendable {
    var data = Data()
}
