import TerminalCore

/// The bottom line: the few keys a user needs most (`+/- zoom  arrows pan … ? help  q quit`), from the screen's
/// ``KeyBindings`` so that it never names a key the screen does not have.
struct KeyHintLine: Widget {
    var hints: [(key: String, help: String)]
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        var line = StyledLine()
        for (index, hint) in hints.enumerated() {
            if index > 0 { line.append("  ", styles.dim) }
            line.append(hint.key, styles.key)
            line.append(" " + hint.help, styles.dim)
        }
        line.draw(into: &buffer, x: area.x + 1, y: area.y, width: area.width - 2, ascii: ascii)
    }
}
