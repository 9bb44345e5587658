import Foundation
import Testing

/// Runs the built `tripterm` executable, as a user would, and captures what it prints.
public struct TriptermBinary {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The `tripterm` beside the test bundle in the build folder (the test target depends on it, so it is built).
    public static var url: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.pathExtension == "xctest" || dir.lastPathComponent == "MacOS" { dir = dir.deletingLastPathComponent() }
        while !FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("tripterm").path),
            dir.path != "/"
        {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("tripterm")
    }

    /// Runs tripterm to its end, waiting on a thread of its own (never on the cooperative pool).
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        try await runTool(url.path, arguments, environment: environment)
    }

    /// Runs any program the same way (for checks with tools such as python3).
    public static func runTool(
        _ path: String, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> Output {
        try await onOwnThread { try runBlocking(path, arguments, environment: environment) }
    }

    /// The blocking run: reads both pipes to their end and waits for the exit.
    private static func runBlocking(
        _ path: String, _ arguments: [String], environment: [String: String]
    ) throws -> Output {
        assertNotOnCooperativePool("running \(path)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
