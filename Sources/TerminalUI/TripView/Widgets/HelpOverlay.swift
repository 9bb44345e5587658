import TerminalCore

/// The `?` overlay: every key of the screen, from the same table the event loop uses, in a box centred on the
/// area (the whole screen), cut to it on small terminals.
struct HelpOverlay: Widget {
    var title: String
    /// Each row: the keys as shown and what they do.
    var rows: [(keys: String, help: String)]
    var styles: ScreenStyles
    var ascii: Bool

    /// The overlay of a trip screen's table.
    init(bindings: KeyBindings, styles: ScreenStyles, ascii: Bool) {
        let title = bindings.kind == .replay ? "Keys — tripterm replay" : "Keys — tripterm rider"
        self.init(title: title, rows: bindings.entries.map { ($0.keys, $0.help) }, styles: styles, ascii: ascii)
    }

    init(title: String, rows: [(keys: String, help: String)], styles: ScreenStyles, ascii: Bool) {
        self.title = title
        self.rows = rows
        self.styles = styles
        self.ascii = ascii
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        let keyWidth = (rows.map(\.keys.displayWidth).max() ?? 0) + 2
        let helpWidth = rows.map(\.help.displayWidth).max() ?? 0
        let footer = "? or Esc closes this · docs/keys.md"
        let innerWidth = min(area.width - 4, max(keyWidth + helpWidth, title.displayWidth, footer.displayWidth) + 2)
        let innerHeight = min(area.height - 2, rows.count + 4)
        guard innerWidth > 8, innerHeight > 3 else { return }
        let x = area.x + (area.width - innerWidth - 2) / 2
        let y = area.y + (area.height - innerHeight - 2) / 2
        let box = ascii ? Array("+-+|+-+|") : Array("┌─┐│┘─└│")
        let style = styles.overlay
        buffer.fill(Rect(x: x, y: y, width: innerWidth + 2, height: innerHeight + 2), with: Cell(" ", style: style))
        for column in (x + 1)...(x + innerWidth) {
            buffer[column, y] = Cell(box[1], style: style)
            buffer[column, y + innerHeight + 1] = Cell(box[5], style: style)
        }
        for row in (y + 1)...(y + innerHeight) {
            buffer[x, row] = Cell(box[3], style: style)
            buffer[x + innerWidth + 1, row] = Cell(box[7], style: style)
        }
        buffer[x, y] = Cell(box[0], style: style)
        buffer[x + innerWidth + 1, y] = Cell(box[2], style: style)
        buffer[x + innerWidth + 1, y + innerHeight + 1] = Cell(box[4], style: style)
        buffer[x, y + innerHeight + 1] = Cell(box[6], style: style)
        var bold = style
        bold.attributes.insert(.bold)
        buffer.put(" " + title + " ", x: x + 2, y: y, width: innerWidth - 2, style: bold, ascii: ascii)
        var row = y + 2
        for entry in rows where row < y + innerHeight {
            buffer.put(entry.keys, x: x + 2, y: row, width: keyWidth, style: bold, ascii: ascii)
            buffer.put(
                entry.help, x: x + 2 + keyWidth, y: row, width: innerWidth - keyWidth - 2, style: style, ascii: ascii)
            row += 1
        }
        buffer.put(footer, x: x + 2, y: y + innerHeight, width: innerWidth - 2, style: style, ascii: ascii)
    }
}
