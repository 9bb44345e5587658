import Foundation
import Synchronization

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

    static func run(executable: String, arguments: [String], environment: [String: String], timeout: Duration) async throws -> Result {
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
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(max(1, seconds)))) { running.terminateIfRunning() }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let group = DispatchGroup()
                let stderr = CollectedOutput()
                DispatchQueue.global().async(group: group) { stderr.data = stderrHandle.readDataToEndOfFile() }
                let stdout = stdoutHandle.readDataToEndOfFile()
                group.wait()
                let (status, timedOut) = running.wait()
                continuation.resume(returning: Result(
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
    private let state = Mutex((finished: false, timedOut: false))

    init(_ process: Process) { self.process = process }

    func terminateIfRunning() {
        state.withLock { state in
            guard !state.finished, process.isRunning else { return }
            state.timedOut = true
            process.terminate()
        }
    }

    func wait() -> (status: Int32, timedOut: Bool) {
        process.waitUntilExit()
        return state.withLock { state in
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
