extension CellBuffer {
    /// Writes `text` at (x, y), cut with an ellipsis to end before column `x + width`; in ASCII mode with its
    /// symbols spelled out (`String.asciiSafe`).
    public mutating func put(_ text: String, x: Int, y: Int, width: Int, style: CellStyle, ascii: Bool = false) {
        put((ascii ? text.asciiSafe : text).fitted(to: width, ascii: ascii), x: x, y: y, style: style)
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        if !cell.isContinuation, cell.width == 1 {
            // A narrow cell: each row in one pass, as for `copyRow`, only the wide glyphs cut at its ends blanked.
            let clipped = rect.intersection(area)
            for row in clipped.y..<(clipped.y + clipped.height) {
                let start = row * width + clipped.x
                cutWideGlyphs(around: start, count: clipped.width)
                storage.withUnsafeMutableBufferPointer { cells in
                    (cells.baseAddress! + start).update(repeating: cell, count: clipped.width)
                }
            }
            return
        }
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
        let wholeRows = source.width > 0 && x >= visible.x && x + source.width <= visible.right
        for row in 0..<source.height where visible.contains(x: visible.x, y: y + row) {
            if wholeRows {
                copyRow(row, of: source, x: x, y: y + row)
                continue
            }
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

    /// Copies row `row` of `source`, which fits inside this buffer at (x, y), as it is: a buffer keeps wide glyphs
    /// whole, so cell-by-cell writes would leave the same cells, and a map frame's row costs one copy instead of a
    /// width check per cell. Only the wide glyphs cut at either end of the row are blanked, as those writes would.
    private mutating func copyRow(_ row: Int, of source: CellBuffer, x: Int, y: Int) {
        let start = y * width + x, count = source.width
        cutWideGlyphs(around: start, count: count)
        storage.withUnsafeMutableBufferPointer { cells in
            source.storage.withUnsafeBufferPointer { from in
                (cells.baseAddress! + start).update(from: from.baseAddress! + row * count, count: count)
            }
        }
    }

    /// Before the `count` cells from `start` (within one row) are overwritten as a run: blanks the halves of wide
    /// glyphs the run cuts at its ends, which cell-by-cell writes would blank.
    private mutating func cutWideGlyphs(around start: Int, count: Int) {
        guard count > 0 else { return }
        let x = start % width
        if x > 0, storage[start].isContinuation { storage[start - 1] = Cell(" ", style: storage[start - 1].style) }
        if x + count < width, storage[start + count].isContinuation {
            storage[start + count] = Cell(" ", style: storage[start + count].style)
        }
    }
}
