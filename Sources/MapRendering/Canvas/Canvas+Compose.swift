import TerminalCore

extension Canvas {
    /// Writes the drawn cells into `buffer` with the theme's styles, the canvas's top-left at (`originX`, `originY`);
    /// empty cells are left as they are.
    ///
    /// Half blocks give each half its own colour: `▀` with the top's colour as foreground and the bottom's as
    /// background. When both halves would look the same (same foreground, as in monochrome) the cell is a full `█`
    /// in the higher role's style.
    public func compose(into buffer: inout CellBuffer, theme: MapTheme, originX: Int = 0, originY: Int = 0) {
        let styles = theme.styles
        for row in 0..<rows {
            let y = originY + row
            guard y >= 0, y < buffer.height else { continue }
            for column in 0..<columns {
                let cell = row * columns + column
                let pattern = bits[cell]
                guard pattern != 0 else { continue }
                let x = originX + column
                guard x >= 0, x < buffer.width else { continue }
                buffer.setCell(at: y * buffer.width + x, composedCell(cell, pattern: pattern, styles: styles))
            }
        }
    }

    /// The cell at a row-major index as composed with `styles` (a theme's), blank when nothing was drawn there.
    @inline(__always)
    func cell(at index: Int, styles: [CellStyle]) -> Cell {
        let pattern = bits[index]
        return pattern == 0 ? .blank : composedCell(index, pattern: pattern, styles: styles)
    }

    @inline(__always)
    private func composedCell(_ cell: Int, pattern: UInt8, styles: [CellStyle]) -> Cell {
        switch marker {
        case .braille:
            return Cell(Self.brailleGlyphs[Int(pattern)], style: styles[Int(roles[cell]) - 1])
        case .ascii:
            return Cell(Stroke.glyphs[Int(pattern)], style: styles[Int(roles[cell]) - 1])
        case .halfBlock:
            let top = roles[cell << 1], bottom = roles[cell << 1 | 1]
            if top == 0 { return Cell("▄", style: styles[Int(bottom) - 1]) }
            if bottom == 0 { return Cell("▀", style: styles[Int(top) - 1]) }
            let upper = styles[Int(top) - 1], lower = styles[Int(bottom) - 1]
            if upper.foreground == lower.foreground { return Cell("█", style: top >= bottom ? upper : lower) }
            var style = upper
            style.background = lower.foreground
            return Cell("▀", style: style)
        }
    }

    /// U+2800 + pattern, for every pattern, so composing never builds a `Character` from scratch.
    static let brailleGlyphs: [Character] = (0..<256).map { Character(Unicode.Scalar(0x2800 + UInt32($0))!) }
}
