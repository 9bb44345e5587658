import Foundation
import Subprocess
import SystemPackage
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A detached tmux session on its own server socket, for driving the terminal UI as a user would: send keys,
/// read the screen back, resize the window, and ask tmux about the terminal's state.
///
/// Every call that waits — for a tmux client to exit, for the screen to show something — is async and blocks no
/// thread (swift-subprocess, `Task.sleep`), so in-process servers of tests running alongside always have the pool's
/// threads (docs/TESTING.md, *No blocking on the cooperative pool*).
final class TmuxSession: Sendable {
    let socket: String
    let directory: URL

    private init(socket: String, directory: URL) {
        self.socket = socket
        self.directory = directory
    }

    /// Starts the command `command(directory)` returns (run by `sh -c`; it may write files to the session's
    /// scratch directory) in a `width`×`height` window.
    static func start(width: Int = 120, height: Int = 40, command: (String) -> String) async throws -> TmuxSession {
        let socket = "tripterm-test-\(UUID().uuidString.prefix(8))"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let session = TmuxSession(socket: socket, directory: directory)
        try await session.tmux([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "sh", "-c",
            command(directory.path),
        ])
        return session
    }

    deinit {
        // A deinit cannot wait: the server is stopped by a task of its own.
        let (socket, directory) = (socket, directory)
        Task {
            _ = try? await Self.run(["kill-server"], socket: socket, directory: directory)
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tmux -L socket arguments…` and returns what it printed.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        try await Self.run(arguments, socket: socket, directory: directory)
    }

    /// One tmux client, run to its end with swift-subprocess (which starts it with no signal blocked or ignored, as
    /// a user's shell does: a pane's bash that inherited a blocked SIGHUP would outlive kill-server). Its output
    /// goes through a file, not a pipe, because the server that `new-session`'s client forks inherits the client's
    /// stdout and would hold a pipe open for as long as the session lives.
    private static func run(_ arguments: [String], socket: String, directory: URL) async throws -> String {
        // Each call its own output file: calls may overlap (the deinit's kill-server with a test's last capture).
        let output = directory.appendingPathComponent("tmux-output-\(UUID().uuidString.prefix(8))").path
        defer { unlink(output) }
        let file = try FileDescriptor.open(
            FilePath(output), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        _ = try await Subprocess.run(
            .name("tmux"), arguments: Arguments(["-L", socket] + arguments), input: .none,
            output: .fileDescriptor(file, closeAfterSpawningProcess: true), error: .discarded)
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// The visible screen as text.
    func capture() async throws -> String { try await tmux(["capture-pane", "-p"]) }

    /// A tmux format value for the pane, e.g. `#{alternate_on}`.
    func value(_ format: String) async throws -> String {
        try await tmux(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func send(_ keys: String...) async throws { try await tmux(["send-keys"] + keys) }

    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen satisfies `condition` (at most `timeout`), returning the last screen seen.
    @discardableResult
    func waitForScreen(timeout: Duration = .seconds(15), _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Captured once more after the deadline: on a busy machine the last sleep can end well past it.
            let screen = try await capture()
            if condition(screen) || ContinuousClock.now >= deadline { return screen }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Waits until the screen shows every one of `texts` (at most `timeout`) and expects it did, naming what is
    /// missing and showing the screen if not. Waiting for all of them, never for one and then checking the rest:
    /// ncurses writes a frame in several chunks, and a capture can fall between two (a loaded CI machine caught
    /// the panel's top drawn and the status bar not yet).
    @discardableResult
    func expectScreen(
        showing texts: String..., timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let screen = try await waitForScreen(timeout: timeout) { screen in texts.allSatisfy { screen.contains($0) } }
        let missing = texts.filter { !screen.contains($0) }
        #expect(
            missing.isEmpty, "not on the screen after \(timeout): \(missing)\n\(screen)", sourceLocation: sourceLocation
        )
        return screen
    }

    /// Waits for the exit status the pane's script writes to `status` (`echo $? > status`) and expects `expected`,
    /// showing what the screen holds if not: an error or a sanitizer's report printed after the terminal was
    /// restored is there, and "none" means the program had not ended.
    func expectExitStatus(
        _ expected: Int32 = 0, timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let status = await waitForFile("status", timeout: timeout)?.trimmingCharacters(in: .whitespacesAndNewlines)
        if status == "\(expected)" { return }
        let screen = try await capture()
        Issue.record(
            "exit status \(status ?? "none after \(timeout)"), not \(expected)\n\(screen)",
            sourceLocation: sourceLocation)
    }

    /// Waits until a file the command writes exists, returning its contents.
    func waitForFile(_ name: String, timeout: Duration = .seconds(15)) async -> String? {
        let url = directory.appendingPathComponent(name)
        let deadline = ContinuousClock.now + timeout
        while true {
            if let text = try? String(contentsOf: url, encoding: .utf8), text.hasSuffix("\n") { return text }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    /// The pid of the pane's first child process (the program `sh -c` started).
    func childPID() async throws -> Int32? {
        let shell = try await value("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }
}
