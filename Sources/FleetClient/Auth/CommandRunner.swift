import Foundation
import NIOConcurrencyHelpers
import Subprocess
import SystemPackage

/// Runs a child process to completion with swift-subprocess: both pipes read as they fill, the exit awaited through
/// the process's pidfd, so no thread — of Swift's cooperative pool or another — blocks while the command runs.
enum CommandRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The process was terminated because it ran past the timeout.
        var timedOut: Bool
    }

    /// The most either stream may hold: a token, or a line of error, is far less.
    private static let outputLimit = 1 << 20

    /// Where the timeouts fire: a serial queue gets a thread of its own when it needs one.
    private static let timers = DispatchQueue(label: "tripterm.token-command.timeout")

    static func run(
        executable: String, arguments: [String], environment: [String: String], timeout: Duration
    ) async throws -> Result {
        var custom: [Environment.Key: String] = [:]
        for (name, value) in environment {
            if let key = Environment.Key(rawValue: name) { custom[key] = value }
        }
        // A process group of its own, so the timeout ends the whole tree: /bin/sh forks to run a script, and a
        // grandchild left alive would hold the pipes open.
        var options = PlatformOptions()
        options.processGroupID = 0
        // (timed out, finished): the timer stops the command only while it has not finished.
        let state = NIOLockedValueBox((timedOut: false, finished: false))
        let result = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(arguments), environment: .custom(custom),
            platformOptions: options, input: .none, output: .sequence, error: .sequence
        ) { execution in
            let group = execution.processIdentifier.value
            // A timer on a queue of its own, not a task: with Swift's cooperative pool full of other work (a busy
            // app, every test suite at once) a task's wake-up waits its turn, and a 1 s timeout fired after 30 s.
            // It outlives this closure, so a command that closes its pipes and runs on is stopped too. SIGKILL
            // rather than SIGTERM, which a child may have inherited as ignored.
            Self.timers.asyncAfter(deadline: .now() + timeout.timeInterval) {
                state.withLockedValue { state in
                    guard !state.finished else { return }
                    state.timedOut = true
                    kill(-group, SIGKILL)
                }
            }
            async let stdout = Self.read(execution.standardOutput)
            async let stderr = Self.read(execution.standardError)
            return (stdout: try await stdout, stderr: try await stderr)
        }
        let collected = result.closureResult
        let timedOut = state.withLockedValue { state in
            state.finished = true
            return state.timedOut
        }
        let status: Int32 =
            switch result.terminationStatus {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        return Result(
            status: status, stdout: String(decoding: collected.stdout, as: UTF8.self),
            stderr: String(decoding: collected.stderr, as: UTF8.self), timedOut: timedOut)
    }

    /// A stream read to its end, up to ``outputLimit`` bytes (the rest is read and dropped, so the child never
    /// blocks on a full pipe).
    private static func read(_ stream: SubprocessOutputSequence) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in stream where bytes.count < outputLimit {
            chunk.withUnsafeBytes { bytes.append(contentsOf: $0.prefix(outputLimit - bytes.count)) }
        }
        return bytes
    }
}

extension Duration {
    /// The duration in seconds, as Dispatch takes it.
    fileprivate var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
