/// A rectangle of cells, row-major: what a frame (or part of one) looks like.
///
/// Writes through the subscript keep wide glyphs whole: a wide glyph also writes its continuation cell, a glyph
/// that would stick out of the right edge becomes a blank, and overwriting either half of a wide glyph blanks the
/// other half. So a buffer never holds half a glyph, and each row's text lines up column for column.
public struct CellBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    @usableFromInline var storage: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        storage = Array(repeating: fill, count: self.width * self.height)
    }

    /// The cells, row-major.
    public var cells: [Cell] { storage }

    /// The whole buffer as a rectangle at (0, 0).
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y`; reads outside the buffer give a blank and writes there are ignored, so
    /// drawing code never has to clip single cells itself.
    public subscript(x: Int, y: Int) -> Cell {
        @inlinable get { contains(x: x, y: y) ? storage[y * width + x] : .blank }
        set { if contains(x: x, y: y) { write(newValue, x: x, index: y * width + x) } }
    }

    /// Writes the cell at a row-major index known to be inside the buffer, as it is: the map renderer's fast path
    /// for glyphs it knows to be narrow. It does not keep wide glyphs whole; use the subscript for anything else.
    @inlinable @inline(__always)
    public mutating func setCell(at index: Int, _ cell: Cell) { storage[index] = cell }

    /// Direct access to the cells for a pass over the whole buffer (one uniqueness check, not one a cell); like
    /// `setCell(at:_:)`, it leaves keeping wide glyphs whole to the caller.
    @inlinable
    public mutating func withUnsafeMutableCells<R>(_ body: (UnsafeMutableBufferPointer<Cell>) -> R) -> R {
        storage.withUnsafeMutableBufferPointer { body($0) }
    }

    @inlinable
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes `text` from (x, y) rightwards, each grapheme in as many cells as it is wide, clipped at the right
    /// edge.
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain) {
        var column = x
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            // ASCII without a carriage return: a grapheme a byte, one column each, without breaking graphemes.
            for byte in text.utf8 {
                guard column < width else { return }
                self[column, y] = Cell(Character(Unicode.Scalar(byte)), style: style)
                column += 1
            }
            return
        }
        for grapheme in text {
            guard column < width else { return }
            self[column, y] = Cell(grapheme, style: style)
            column += grapheme.displayWidth
        }
    }

    /// The rows as plain text (trailing spaces kept), for golden tests and `--snapshot`. A wide glyph stands for
    /// both its cells, so the text lines up as the terminal shows it.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for cell in storage[(y * width)..<(y * width + width)] where !cell.isContinuation {
                line.append(cell.grapheme)
            }
            return line
        }
    }

    /// The frame as text, rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    private mutating func write(_ cell: Cell, x: Int, index: Int) {
        if cell.isContinuation {
            // Only the glyph to the left makes a continuation: here it can only restyle one.
            storage[index] = storage[index].isContinuation ? cell : Cell(" ", style: cell.style)
            return
        }
        splitWideGlyph(at: x, index: index)
        guard cell.grapheme.displayWidth == 2 else {
            storage[index] = cell
            return
        }
        guard x + 1 < width else {
            storage[index] = Cell(" ", style: cell.style)
            return
        }
        splitWideGlyph(at: x + 1, index: index + 1)
        storage[index] = cell
        storage[index + 1] = .continuation(style: cell.style)
    }

    /// Before the cell at `index` is overwritten: blanks the other half of the wide glyph it is part of, if any.
    private mutating func splitWideGlyph(at x: Int, index: Int) {
        if storage[index].isContinuation, x > 0 { storage[index - 1] = Cell(" ", style: storage[index - 1].style) }
        if x + 1 < width, storage[index + 1].isContinuation {
            storage[index + 1] = Cell(" ", style: storage[index + 1].style)
        }
    }
}
