/// One terminal cell of a frame: a grapheme and how to draw it. Frames are pure values built from cells, so
/// rendering is testable without a terminal and the terminal layer only has to draw them.
///
/// A wide glyph (East Asian wide or full-width, an emoji shown as emoji) takes two cells: the glyph, then a
/// *continuation* cell that stands for its right half. `CellBuffer` writes and clears the pair together, and a
/// terminal skips continuation cells, since drawing the glyph already covered them.
public struct Cell: Hashable, Sendable {
    /// A single grapheme cluster ("" is never stored: a blank cell is " ", and so is a continuation cell).
    public var grapheme: Character
    public var style: CellStyle
    /// Stored under another name so that the inlinable initialiser (the map renderer's hot path) can set it while
    /// only `continuation(style:)` makes continuation cells.
    @usableFromInline var continues: Bool

    @inlinable
    public init(_ grapheme: Character = " ", style: CellStyle = .plain) {
        self.grapheme = grapheme
        self.style = style
        continues = false
    }

    /// Whether this cell is the right half of the wide glyph in the cell to its left.
    public var isContinuation: Bool { continues }

    public static let blank = Cell()

    /// The right half of a wide glyph drawn in `style`.
    public static func continuation(style: CellStyle) -> Cell {
        var cell = Cell(" ", style: style)
        cell.continues = true
        return cell
    }

    /// The columns the cell's glyph covers from here: 0 for a continuation, 2 for a wide glyph, else 1.
    public var width: Int { isContinuation ? 0 : grapheme.displayWidth }
}
