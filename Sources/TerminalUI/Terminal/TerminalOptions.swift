/// How `NcursesTerminal` sets the terminal up. The defaults are what the app wants; `--no-mouse` and
/// `--no-color`/`NO_COLOR` map onto `mouse` and `colors`.
public struct TerminalOptions: Hashable, Sendable {
    /// Report wheel, press, drag and release. Off leaves the terminal's own selection and scrolling alone.
    public var mouse: Bool
    /// Use colour pairs. Off draws every cell in the terminal's default colours (attributes still apply).
    public var colors: Bool
    /// How long a lone Esc waits for the rest of an escape sequence. ncurses' default is a full second.
    public var escapeDelayMilliseconds: Int
    /// At most this many colour pairs (besides pair 0), even when the terminal has more; `nil`: the terminal's.
    public var maxColorPairs: Int?
    /// Catch SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP and SIGCONT to restore the terminal (real terminals only).
    public var handleSignals: Bool

    public init(
        mouse: Bool = true, colors: Bool = true, escapeDelayMilliseconds: Int = 25, maxColorPairs: Int? = nil,
        handleSignals: Bool = true
    ) {
        self.mouse = mouse
        self.colors = colors
        self.escapeDelayMilliseconds = escapeDelayMilliseconds
        self.maxColorPairs = maxColorPairs
        self.handleSignals = handleSignals
    }
}
