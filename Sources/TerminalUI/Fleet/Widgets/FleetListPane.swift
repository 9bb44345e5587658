import FleetModel
import TerminalCore

/// The list pane, of vehicles or of tasks: a header naming the columns (the sort column marked), then one line per
/// shown row from the list's scroll position, the selected one reversed; the search line on top while one is typed
/// or applied. Columns that do not fit a narrow pane are left out in ``FleetListColumns/dropOrder``.
struct FleetListPane<Row: FleetListRow>: Widget {
    var rows: [Row]
    var list: FleetListState<Row>
    var columns: FleetListColumns<Row>
    var styles: ScreenStyles
    var ascii: Bool

    /// Rows the pane shows in `area`: what paging and scrolling move by.
    static func bodyHeight(of area: Rect, list: FleetListState<Row>) -> Int {
        max(0, area.height - 1 - (showsSearch(list) ? 1 : 0))
    }

    /// The row of `visible` a click at screen row `y` lands on, if any.
    static func rowIndex(atY y: Int, in area: Rect, list: FleetListState<Row>) -> Int? {
        let top = area.y + 1 + (showsSearch(list) ? 1 : 0)
        guard y >= top, y < area.bottom else { return nil }
        return list.scrollTop + (y - top)
    }

    private static func showsSearch(_ list: FleetListState<Row>) -> Bool { list.isSearching || !list.query.isEmpty }

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        guard !area.isEmpty else { return }
        let inner = area.inset(left: 1)
        var y = area.y
        if Self.showsSearch(list) {
            let cursor = list.isSearching ? (ascii ? "_" : "▏") : ""
            var line = StyledLine([("/", styles.key), (list.query + cursor, styles.heading)])
            if !list.isSearching { line.append("  Esc clears", styles.dim) }
            line.draw(into: &buffer, x: inner.x, y: y, width: inner.width, ascii: ascii)
            y += 1
        }
        let shown = columns.fitting(width: inner.width)
        drawHeader(shown, x: inner.x, y: y, buffer: &buffer)
        y += 1
        let height = area.bottom - y
        if rows.isEmpty, height > 0 {
            let text = list.query.isEmpty ? columns.emptyText : "no \(columns.noun) matches \"\(list.query)\""
            buffer.put(text, x: inner.x, y: y, width: inner.width, style: styles.dim, ascii: ascii)
            return
        }
        for (offset, row) in rows.dropFirst(list.scrollTop).prefix(max(0, height)).enumerated() {
            drawRow(row, shown, x: inner.x, y: y + offset, width: inner.width, buffer: &buffer)
        }
    }

    private func drawHeader(_ shown: [(column: Row.Column, width: Int)], x: Int, y: Int, buffer: inout CellBuffer) {
        var column = x
        for part in shown {
            let sorted = part.column == list.sort
            var title = columns.header(part.column)
            if sorted { title += ascii ? " v" : " ▾" }
            buffer.put(
                title, x: column, y: y, width: part.width - 1, style: sorted ? styles.heading : styles.label,
                ascii: ascii)
            column += part.width
        }
    }

    private func drawRow(
        _ row: Row, _ shown: [(column: Row.Column, width: Int)], x: Int, y: Int, width: Int,
        buffer: inout CellBuffer
    ) {
        let isSelected = row.name == list.selected
        let isGreyed = columns.isGreyed(row)
        func style(_ base: CellStyle) -> CellStyle {
            var style = isGreyed ? styles.border : base
            if isSelected { style.attributes.insert(.reverse) }
            return style
        }
        if isSelected {
            buffer.fill(Rect(x: x - 1, y: y, width: width + 1, height: 1), with: Cell(" ", style: style(.plain)))
        }
        var column = x
        for part in shown {
            let (text, base) = columns.cell(part.column, row)
            buffer.put(text, x: column, y: y, width: part.width - 1, style: style(base), ascii: ascii)
            column += part.width
        }
    }
}
