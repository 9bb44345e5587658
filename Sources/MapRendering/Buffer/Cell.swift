/// One terminal cell of a frame: a grapheme and how to draw it. Frames are pure values built from cells, so
/// rendering is testable without a terminal and the terminal layer only has to draw them.
public struct Cell: Hashable, Sendable {
    /// A single grapheme cluster, one column wide ("" is never stored: a blank cell is " ").
    public var grapheme: Character
    public var style: CellStyle

    public init(_ grapheme: Character = " ", style: CellStyle = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    public static let blank = Cell()
}

/// Colours and attributes of a cell.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()
}

/// A terminal colour: the terminal's default, or an xterm palette index (0–15 the basic colours, 16–255 the
/// 256-colour cube and greys). Themes map roles to these so a 16-colour or monochrome terminal still reads well.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case palette(UInt8)
}

/// Text attributes, as curses names them.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let reverse = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
}
