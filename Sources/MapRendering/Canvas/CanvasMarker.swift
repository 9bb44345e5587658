/// How sub-cell pixels ("dots") are drawn: Braille (2×4 dots a cell, one colour a cell), half blocks (1×2, a
/// colour per dot through foreground and background) or plain ASCII line characters (1×1) for terminals without
/// Unicode fonts.
public enum CanvasMarker: String, CaseIterable, Sendable {
    case braille
    case halfBlock
    case ascii

    /// Dots across one cell.
    public var dotsAcross: Int {
        switch self {
        case .braille: 2
        case .halfBlock, .ascii: 1
        }
    }

    /// Dots down one cell.
    public var dotsDown: Int {
        switch self {
        case .braille: 4
        case .halfBlock: 2
        case .ascii: 1
        }
    }

    /// The next marker, for a key that cycles through them.
    public var next: CanvasMarker {
        switch self {
        case .braille: .halfBlock
        case .halfBlock: .ascii
        case .ascii: .braille
        }
    }
}
