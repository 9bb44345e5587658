import Foundation
import Testing

/// A long-running child process whose output is collected on its own thread: stdout and stderr together, or
/// stdout alone with stderr left to the test's own. Its waits are async and never block the cooperative pool.
public final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var collected = Data()
    private let drained = DispatchSemaphore(value: 0)

    public init(_ executable: String, _ arguments: [String], separateStandardError: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = separateStandardError ? FileHandle.standardError : pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.withLock { collected.append(data) }
            }
            drained.signal()
        }
    }

    /// Whether the process has ended through a signal (a `kill -9`, say) rather than by exiting.
    public var endedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }

    public var output: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

    /// The first output line containing `text`, waiting up to `timeout` seconds.
    public func waitForLine(containing text: String, timeout: Double) async -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let line = output.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            // Looked at once more after the deadline: on a busy pool the last sleep can end well past it, and a line
            // that came in meanwhile came in time.
            guard Date() < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// SIGINT, then the exit status (waiting at most 30 s, then SIGKILL).
    public func interruptAndWait() async throws -> Int32 {
        try await onOwnThread { self.interruptAndWaitBlocking() }
    }

    private func interruptAndWaitBlocking() -> Int32 {
        assertNotOnCooperativePool("waiting for a child process")
        process.interrupt()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.1)
        return process.terminationStatus
    }

    /// `kill -9`, then waits for the process to end and for everything it wrote to be read.
    public func killHard() async throws {
        try await onOwnThread { self.killHardBlocking() }
    }

    private func killHardBlocking() {
        assertNotOnCooperativePool("waiting for a killed child process")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // A grandchild holding the pipe open would keep it from closing; don't wait for ever.
        _ = drained.wait(timeout: .now() + 5)
    }

    /// Ends the process if it still runs, as ``stop()`` does, without waiting: for `defer`, which cannot await.
    public func stopSoon() {
        guard process.isRunning else { return }
        Thread.detachNewThread { _ = self.interruptAndWaitBlocking() }
    }

    /// Ends the process if it still runs (SIGINT first, so gpsfake can stop its gpsd).
    public func stop() async {
        guard process.isRunning else { return }
        _ = try? await interruptAndWait()
    }
}
