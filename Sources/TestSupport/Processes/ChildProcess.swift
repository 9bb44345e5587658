import Foundation

/// A long-running child process whose output is collected on its own thread: stdout and stderr together, or
/// stdout alone with stderr left to the test's own.
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

    public var output: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

    /// The first output line containing `text`, waiting up to `timeout` seconds.
    public func waitForLine(containing text: String, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = output.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// SIGINT, then the exit status (waiting at most 30 s, then SIGKILL).
    public func interruptAndWait() -> Int32 {
        process.interrupt()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.1)
        return process.terminationStatus
    }

    /// `kill -9`, then waits for the process to end and for everything it wrote to be read.
    public func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // A grandchild holding the pipe open would keep it from closing; don't wait for ever.
        _ = drained.wait(timeout: .now() + 5)
    }

    /// Ends the process if it still runs (SIGINT first, so gpsfake can stop its gpsd).
    public func stop() {
        guard process.isRunning else { return }
        _ = interruptAndWait()
    }
}
