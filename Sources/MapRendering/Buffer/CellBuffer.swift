/// A rectangle of cells, row-major: what a frame (or part of one) looks like.
public struct CellBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y`; reads outside the buffer give a blank and writes there are ignored, so
    /// drawing code never has to clip single cells itself.
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * width + x] : .blank }
        set { if contains(x: x, y: y) { cells[y * width + x] = newValue } }
    }

    /// Writes the cell at a row-major index known to be inside the buffer (the renderer's fast path).
    @inline(__always)
    mutating func setCell(at index: Int, _ cell: Cell) { cells[index] = cell }

    /// Direct access to the cells for a pass over the whole buffer (one uniqueness check, not one a cell).
    mutating func withUnsafeMutableCells<R>(_ body: (UnsafeMutableBufferPointer<Cell>) -> R) -> R {
        cells.withUnsafeMutableBufferPointer { body($0) }
    }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes `text` from (x, y) rightwards, one grapheme per cell, clipped at the right edge.
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain) {
        var column = x
        for grapheme in text {
            self[column, y] = Cell(grapheme, style: style)
            column += 1
        }
    }

    /// The rows as plain text (trailing spaces kept), for golden tests and `--snapshot`.
    public var lines: [String] {
        (0..<height).map { y in String(cells[(y * width)..<(y * width + width)].map(\.grapheme)) }
    }

    /// The frame as text, rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }
}
