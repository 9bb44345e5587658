import TerminalCore

/// A place frames are shown and input comes from: the ncurses terminal in the app, `MemoryTerminal` in tests.
///
/// Screens compose a whole `CellBuffer` every frame and hand it to `draw(_:)`; the terminal works out what changed,
/// so callers never track damage themselves (ratatui's immediate-mode model). A terminal is used from one
/// isolation domain at a time, usually the main actor, so it is deliberately not `Sendable`.
public protocol Terminal: AnyObject {
    /// The current size in cells. Screens check it against their minimum and show a notice when it is smaller.
    var size: TerminalSize { get }

    /// Shows `buffer` as the whole frame. Cells outside the buffer are blank; cells outside the terminal are
    /// dropped. Only cells that differ from what is on screen are sent.
    func draw(_ buffer: CellBuffer)

    /// The next key, mouse or resize event, waiting at most `timeout` (`nil`: until one comes, `.zero`: only what
    /// is already queued). `nil` means the wait ended without an event: that is the tick for clocks and redraws.
    func readEvent(timeout: Duration?) -> TerminalEvent?

    /// The file descriptor input arrives on, for loops that wait for it on a thread of their own (`TerminalApp`);
    /// nil when events only come from `readEvent` (`MemoryTerminal`).
    var inputDescriptor: Int32? { get }

    /// Repaints every cell now, whatever the terminal showed before (Ctrl-L, or after stray output).
    func forceFullRedraw()

    /// Leaves full-screen mode for a while (to run a shell, or before stopping on Ctrl-Z); the screen is kept.
    func suspend()

    /// Returns to full-screen mode after `suspend()` and repaints everything.
    func resume()

    /// Gives the terminal back for good: cursor, echo, line mode, main screen. Safe to call more than once.
    func restore()
}

/// A terminal size in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether both dimensions reach the given minimum (screens below it show a "terminal too small" notice).
    public func isAtLeast(width minimumWidth: Int, height minimumHeight: Int) -> Bool {
        width >= minimumWidth && height >= minimumHeight
    }

    public var description: String { "\(width)×\(height)" }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalSize {
    /// The size of the terminal on standard output, when it is one (for `--snapshot` without `--size`).
    public static var ofStandardOutput: TerminalSize? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}
