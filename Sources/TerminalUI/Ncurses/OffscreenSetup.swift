/// An ncurses screen that is not the user's terminal: output to a file (or /dev/null), input from a file
/// descriptor (or /dev/null), a terminal type and size given explicitly.
///
/// This is how tests run without a tty or `$TERM`, and how benchmarks measure the bytes a frame costs: ncurses
/// behaves exactly as on a real terminal of that type, `screenContents()` reads back what it believes is on
/// screen, and `stats` counts the bytes it wrote to `outputPath`.
public struct OffscreenSetup: Hashable, Sendable {
    /// A terminfo name, such as "xterm-256color".
    public var terminalType: String
    public var width: Int
    public var height: Int
    /// Where ncurses writes; `nil` discards the output (/dev/null). A regular file makes bytes measurable.
    public var outputPath: String?
    /// Where ncurses reads keys from (the descriptor is duplicated, not taken over); `nil` reads /dev/null.
    public var inputFileDescriptor: Int32?

    public init(
        terminalType: String = "xterm-256color", width: Int = 80, height: Int = 24, outputPath: String? = nil,
        inputFileDescriptor: Int32? = nil
    ) {
        self.terminalType = terminalType
        self.width = width
        self.height = height
        self.outputPath = outputPath
        self.inputFileDescriptor = inputFileDescriptor
    }
}
