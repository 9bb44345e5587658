/// Runs code with the terminal open and gives the terminal back on every way out.
///
/// - Normal return and thrown errors: `restore()` runs before `run` returns or rethrows, so the caller prints
///   the error to a normal terminal, not into the alternate screen.
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: the event loop (`readEvent`) restores, then the process dies of the same signal
///   (status 128+n, as a shell expects). If the loop is busy for longer than a second, the signal queue restores
///   the tty itself (`EmergencyRestore`) and dies the same way.
/// - Ctrl-Z (SIGTSTP) and `fg` (SIGCONT): curses mode is left, the process stops, and on continue curses mode
///   comes back with a full repaint (and a resize event if the window changed meanwhile).
/// - `exit()` from anywhere while open: an `atexit` hook restores the tty.
///
/// Not covered: a crash (trap, segfault) while the screen is open; run `stty sane; tput rmcup` afterwards.
public enum TerminalGuard {
    /// Opens the user's terminal, runs `body` with it, and restores it however `body` ends.
    @discardableResult
    public static func run<Result>(
        options: TerminalOptions = TerminalOptions(), _ body: (NcursesTerminal) throws -> Result
    ) throws -> Result {
        try run(opening: { try NcursesTerminal(options: options) }, body)
    }

    /// Runs `body` with the terminal `open` returns (an offscreen one in tests), restoring it however `body` ends.
    @discardableResult
    public static func run<Result>(
        opening open: () throws -> NcursesTerminal, _ body: (NcursesTerminal) throws -> Result
    ) throws -> Result {
        let terminal = try open()
        defer { terminal.restore() }
        return try body(terminal)
    }

    /// The asynchronous form, for event loops that await between frames; `body` runs in the caller's isolation
    /// (the main actor, for the app).
    @discardableResult
    public static func run<Result>(
        options: TerminalOptions = TerminalOptions(), isolation: isolated (any Actor)? = #isolation,
        _ body: (NcursesTerminal) async throws -> sending Result
    ) async throws -> sending Result {
        try await run(opening: { try NcursesTerminal(options: options) }, body)
    }

    /// The asynchronous form with the terminal `open` returns.
    @discardableResult
    public static func run<Result>(
        opening open: () throws -> NcursesTerminal, isolation: isolated (any Actor)? = #isolation,
        _ body: (NcursesTerminal) async throws -> sending Result
    ) async throws -> sending Result {
        let terminal = try open()
        defer { terminal.restore() }
        return try await body(terminal)
    }
}
