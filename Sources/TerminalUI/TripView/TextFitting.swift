import MapRendering

extension String {
    /// The string cut to `width` columns, with `…` marking a cut (or `~` in ASCII mode). Counts graphemes, which
    /// is columns for everything the screens write.
    func fitted(to width: Int, ascii: Bool = false) -> String {
        guard width > 0 else { return "" }
        guard count > width else { return self }
        return String(prefix(width - 1)) + (ascii ? "~" : "…")
    }

    /// The string padded with spaces (or cut) to exactly `width` columns.
    func padded(to width: Int, ascii: Bool = false) -> String {
        let fitted = fitted(to: width, ascii: ascii)
        return fitted + String(repeating: " ", count: max(0, width - fitted.count))
    }
}

extension String {
    /// The string with the screens' typographic symbols spelled in ASCII (`--ascii`); one column each, so layouts
    /// computed on the Unicode text still line up.
    var asciiSafe: String {
        guard !allSatisfy(\.isASCII) else { return self }
        return String(map { character -> Character in
            switch character {
            case "←": "<"
            case "→": ">"
            case "↑": "^"
            case "↓": "v"
            case "—", "–", "─", "━": "-"
            case "·", "│", "┃": "|"
            case "×": "x"
            case "…": "~"
            case "⚠": "!"
            case "°": "d"
            default: character.isASCII ? character : "?"
            }
        })
    }
}

extension CellBuffer {
    /// Writes `text` at (x, y), cut to end before column `x + width`; in ASCII mode with its symbols spelled out.
    mutating func put(_ text: String, x: Int, y: Int, width: Int, style: CellStyle, ascii: Bool = false) {
        put((ascii ? text.asciiSafe : text).fitted(to: width, ascii: ascii), x: x, y: y, style: style)
    }

    /// Fills a rectangle with one cell.
    mutating func fill(_ rect: ScreenRect, with cell: Cell) {
        for row in rect.y..<(rect.y + rect.height) {
            for column in rect.x..<(rect.x + rect.width) { self[column, row] = cell }
        }
    }

    /// Copies `source` with its top left at (x, y), clipped to this buffer.
    mutating func blit(_ source: CellBuffer, x: Int, y: Int) {
        for row in 0..<source.height {
            for column in 0..<source.width { self[x + column, y + row] = source[column, row] }
        }
    }
}
