extension CellBuffer {
    /// Writes `text` at (x, y), cut with an ellipsis to end before column `x + width`; in ASCII mode with its
    /// symbols spelled out (`String.asciiSafe`).
    public mutating func put(_ text: String, x: Int, y: Int, width: Int, style: CellStyle, ascii: Bool = false) {
        put((ascii ? text.asciiSafe : text).fitted(to: width, ascii: ascii), x: x, y: y, style: style)
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        for row in rect.y..<(rect.y + rect.height) {
            for column in rect.x..<(rect.x + rect.width) { self[column, row] = cell }
        }
    }

    /// Copies `source` with its top left at (x, y), clipped to this buffer.
    public mutating func blit(_ source: CellBuffer, x: Int, y: Int) {
        blit(source, x: x, y: y, clippedTo: area)
    }

    /// Copies `source` with its top left at (x, y), clipped to `clip` (and to this buffer).
    public mutating func blit(_ source: CellBuffer, x: Int, y: Int, clippedTo clip: Rect) {
        let visible = clip.intersection(area)
        for row in 0..<source.height where visible.contains(x: visible.x, y: y + row) {
            for column in 0..<source.width where visible.contains(x: x + column, y: y + row) {
                let cell = source[column, row]
                // A wide glyph whose right half falls outside the clip would spill over it.
                if cell.width == 2, !visible.contains(x: x + column + 1, y: y + row) {
                    self[x + column, y + row] = Cell(" ", style: cell.style)
                } else {
                    self[x + column, y + row] = cell
                }
            }
        }
    }
}
