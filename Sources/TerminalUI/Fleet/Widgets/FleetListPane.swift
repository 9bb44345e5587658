import FleetModel
import TerminalCore

/// The list pane: a header naming the columns (the sort column marked), then one line per shown vehicle from the
/// list's scroll position, the selected one reversed; the search line on top while one is typed or applied. Columns
/// that do not fit a narrow pane are left out from the right, id, state and age staying.
struct FleetListPane: Widget {
    var rows: [FleetRow]
    var list: FleetList
    var now: ProtoTimestamp
    var glyphs: FleetGlyphs
    var styles: ScreenStyles
    var ascii: Bool

    /// Rows of vehicles the pane shows in `area`: what paging and scrolling move by.
    static func bodyHeight(of area: Rect, list: FleetList) -> Int {
        max(0, area.height - 1 - (showsSearch(list) ? 1 : 0))
    }

    /// The row of `visible` a click at screen row `y` lands on, if any.
    static func rowIndex(atY y: Int, in area: Rect, list: FleetList) -> Int? {
        let top = area.y + 1 + (showsSearch(list) ? 1 : 0)
        guard y >= top, y < area.bottom else { return nil }
        return list.scrollTop + (y - top)
    }

    private static func showsSearch(_ list: FleetList) -> Bool { list.isSearching || !list.query.isEmpty }

    private struct Column {
        var sort: FleetSortColumn
        var width: Int
    }

    private func columns(width: Int) -> [Column] {
        var fixed: [Column] = [
            Column(sort: .state, width: 8), Column(sort: .trips, width: 12), Column(sort: .speed, width: 6),
            Column(sort: .age, width: 7), Column(sort: .navigation, width: 11),
        ]
        let minimumID = 8
        let dropOrder: [FleetSortColumn] = [.navigation, .trips, .speed]
        for column in dropOrder where fixed.reduce(0, { $0 + $1.width }) + minimumID > width {
            fixed.removeAll { $0.sort == column }
        }
        let idWidth = max(minimumID, width - fixed.reduce(0) { $0 + $1.width })
        return [Column(sort: .id, width: idWidth)] + fixed
    }

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
        let columns = columns(width: inner.width)
        drawHeader(columns, x: inner.x, y: y, buffer: &buffer)
        y += 1
        let height = area.bottom - y
        if rows.isEmpty, height > 0 {
            let text = list.query.isEmpty ? "no vehicles" : "no vehicle matches \"\(list.query)\""
            buffer.put(text, x: inner.x, y: y, width: inner.width, style: styles.dim, ascii: ascii)
            return
        }
        for (offset, row) in rows.dropFirst(list.scrollTop).prefix(max(0, height)).enumerated() {
            drawRow(row, columns, x: inner.x, y: y + offset, width: inner.width, buffer: &buffer)
        }
    }

    private func drawHeader(_ columns: [Column], x: Int, y: Int, buffer: inout CellBuffer) {
        var column = x
        for part in columns {
            let sorted = part.sort == list.sort
            var title = part.sort == .speed ? "km/h" : part.sort == .navigation ? "nav" : part.sort.title
            if sorted { title += ascii ? " v" : " ▾" }
            buffer.put(
                title, x: column, y: y, width: part.width - 1, style: sorted ? styles.heading : styles.label,
                ascii: ascii)
            column += part.width
        }
    }

    private func drawRow(_ row: FleetRow, _ columns: [Column], x: Int, y: Int, width: Int, buffer: inout CellBuffer) {
        let isSelected = row.name == list.selected
        func style(_ base: CellStyle) -> CellStyle {
            var style = row.state == .stale ? styles.border : base
            if isSelected { style.attributes.insert(.reverse) }
            return style
        }
        if isSelected {
            buffer.fill(Rect(x: x - 1, y: y, width: width + 1, height: 1), with: Cell(" ", style: style(.plain)))
        }
        var column = x
        for part in columns {
            let (text, base) = cell(part.sort, of: row)
            buffer.put(text, x: column, y: y, width: part.width - 1, style: style(base), ascii: ascii)
            column += part.width
        }
    }

    private func cell(_ column: FleetSortColumn, of row: FleetRow) -> (String, CellStyle) {
        switch column {
        case .id: (String(glyphs.glyph(for: row)) + " " + row.id, styles.text)
        case .state: (row.state.label, glyphs.style(for: row.state))
        case .trips: (row.trips.isEmpty ? "–" : row.trips.joined(separator: ","), styles.text)
        case .speed: (row.speedKmph.map { String(Int($0.rounded())) } ?? "–", styles.text)
        case .age: (row.age(at: now).map(Self.age) ?? "never", styles.text)
        case .navigation: (row.navigationLabel, styles.dim)
        }
    }

    /// `4 s`, `12 min`, `3 h`: the largest unit, so the column stays narrow.
    static func age(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h"
    }
}
