/// Colours and attributes of a cell.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes

    @inlinable
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: CellAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()
}
