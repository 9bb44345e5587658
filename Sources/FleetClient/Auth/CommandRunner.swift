import Foundation
import Subprocess
import SystemPackage

/// Runs a child process to completion with swift-subprocess: both pipes read as they fill, the exit awaited through
/// the process's pidfd, so no thread — of Swift's cooperative pool or another — blocks while the command runs.
///
/// Every job of a run, from the spawn to the arming of its timeout (``CommandDeadline``), runs on ``commands``, not on
/// the cooperative pool, where a full pool once held back the step after the spawn, and the timer with it, until the
/// command had run to its end.
enum CommandRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The process was terminated because it ran past the timeout.
        var timedOut: Bool
    }

    /// What a command printed: its standard output and standard error.
    private typealias Output = (stdout: [UInt8], stderr: [UInt8])

    /// The most either stream may hold: a token, or a line of error, is far less.
    private static let outputLimit = 1 << 20

    /// Where runs go: one thread, idle but for the few jobs of a run (the pipes are read and the exit awaited by
    /// swift-subprocess's own thread, which hands each event here).
    static let commands = ThreadExecutor(name: "tripterm.commands", threads: 1)

    static func run(
        executable: String, arguments: [String], environment: [String: String], timeout: Duration
    ) async throws -> Result {
        try await withTaskExecutorPreference(commands) {
            try await runHere(executable: executable, arguments: arguments, environment: environment, timeout: timeout)
        }
    }

    private static func runHere(
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
        let run = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(arguments), environment: .custom(custom),
            platformOptions: options, input: .none, output: .sequence, error: .sequence
        ) { execution in
            let process = execution.processIdentifier
            #if os(Linux) || os(Android) || os(FreeBSD)
            let descriptor = process.processDescriptor
            #else
            let descriptor: CInt = -1
            #endif
            let deadline = CommandDeadline(group: process.value, processDescriptor: descriptor, timeout: timeout)
            // A failed read is carried out rather than thrown, so that the deadline is still ended below, once the
            // process has been awaited.
            do {
                async let stdout = Self.read(execution.standardOutput)
                async let stderr = Self.read(execution.standardError)
                return (deadline, Swift.Result<Output, any Error>.success((try await stdout, try await stderr)))
            } catch {
                return (deadline, .failure(error))
            }
        }
        let (deadline, output) = run.closureResult
        let timedOut = deadline.end()
        let collected = try output.get()
        let status: Int32 =
            switch run.terminationStatus {
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
