import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A detached tmux session on its own server socket, for driving the terminal UI as a user would: send keys,
/// read the screen back, resize the window, and ask tmux about the terminal's state.
///
/// Every call that waits — for a tmux client to exit, for the screen to show something — is async and waits off
/// Swift's cooperative pool (a thread of its own, or `Task.sleep`), so in-process servers of tests running alongside
/// always have the pool's threads (docs/TESTING.md, *No blocking on the cooperative pool*).
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
        // On a thread of its own: a deinit cannot wait, and must not block whichever thread releases the session.
        let (socket, directory) = (socket, directory)
        Thread.detachNewThread {
            _ = try? Self.run(["kill-server"], socket: socket, directory: directory)
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tmux -L socket arguments…` and returns what it printed.
    ///
    /// posix_spawn and waitpid rather than Foundation's `Process`: the tmux client that `new-session` starts forks
    /// the server and exits, and `Process` was seen never reaping it (the test hung on `waitUntilExit`). Output goes
    /// through a file, not a pipe, because the forked server inherits the client's stdout.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let (socket, directory) = (socket, directory)
        return try await onOwnThread { try Self.run(arguments, socket: socket, directory: directory) }
    }

    /// One tmux client, waited for with `waitpid`: blocking, so only ever on a thread of its own.
    private static func run(_ arguments: [String], socket: String, directory: URL) throws -> String {
        assertNotOnCooperativePool("waitpid for tmux")
        // Each call its own output file: calls may overlap (the deinit's kill-server with a test's last capture).
        let output = directory.appendingPathComponent("tmux-output-\(UUID().uuidString.prefix(8))").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ["tmux", "-L", socket] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        // tmux, and through it the shell and tripterm, start with no signal blocked or ignored, as from a user's
        // shell: a test thread's mask is inherited otherwise, and a pane's bash that never sees SIGHUP outlives
        // kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
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
