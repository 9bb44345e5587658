import Foundation
import Subprocess
import SystemPackage

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

    /// The most a run's stdout or stderr may hold (a replay's JSON of a long trip is a few MB).
    private static let outputLimit = 256 << 20

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

    /// Runs tripterm to its end, with `environment` added to this process's (a `nil` value removes a variable).
    public static func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> Output {
        try await runTool(url.path, arguments, environment: environment)
    }

    /// Runs any program the same way (for checks with tools such as python3). Both pipes are read as they fill and
    /// the exit is awaited through the process's pidfd: nothing blocks a thread.
    public static func runTool(
        _ path: String, _ arguments: [String], environment: [String: String?] = [:]
    ) async throws -> Output {
        var changes: [Environment.Key: String?] = [:]
        for (name, value) in environment {
            guard let key = Environment.Key(rawValue: name) else { continue }
            changes[key] = value
        }
        let result = try await Subprocess.run(
            .path(FilePath(path)), arguments: Arguments(arguments), environment: .inherit.updating(changes),
            output: .bytes(limit: outputLimit), error: .bytes(limit: outputLimit))
        let status: Int32 =
            switch result.terminationStatus {
            case .exited(let code): code
            case .signaled(let signal): signal
            }
        return Output(
            status: status, stdout: String(decoding: result.standardOutput, as: UTF8.self),
            stderr: String(decoding: result.standardError, as: UTF8.self))
    }
}
