/// Why the terminal could not be opened. Thrown before ncurses touches the terminal (ncurses itself would print
/// "Error opening terminal" and exit the process), so the caller can print it and fall back to headless output.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `$TERM` is unset or empty (cron, CI, some `ssh host command` sessions).
    case missingTermVariable
    /// The terminfo database has no entry for this terminal type.
    case unknownTerminalType(String)
    /// No terminfo database was found at all.
    case noTerminfoDatabase(String)
    /// The terminal type cannot address the cursor (`dumb`, hardcopy), so a full-screen view is impossible.
    case unsupportedTerminal(String)
    /// Standard input or output is not a terminal (a pipe or a file).
    case notATerminal
    /// Another `NcursesTerminal` is open: ncurses has one current screen per process.
    case alreadyOpen
    /// An offscreen terminal's output or input could not be opened.
    case cannotOpen(path: String, errno: Int32)
    /// ncurses refused to set the terminal up.
    case initializationFailed(String)

    public var description: String {
        switch self {
        case .missingTermVariable:
            "TERM is not set, so the terminal type is unknown; set it (for example TERM=xterm-256color)"
        case .unknownTerminalType(let type):
            "unknown terminal type '\(type)' (no terminfo entry); try TERM=xterm-256color"
        case .noTerminfoDatabase(let type):
            "no terminfo database found for terminal type '\(type)'; install ncurses-base"
        case .unsupportedTerminal(let type):
            "terminal type '\(type)' cannot move the cursor, so it cannot show a full-screen view"
        case .notATerminal:
            "standard input and output must be a terminal for the full-screen view"
        case .alreadyOpen:
            "a terminal screen is already open in this process"
        case .cannotOpen(let path, let code):
            "cannot open \(path) for the terminal (errno \(code))"
        case .initializationFailed(let type):
            "ncurses could not initialise terminal type '\(type)'"
        }
    }
}
