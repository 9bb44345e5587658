/// Text attributes, as curses names them.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let reverse = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
}
