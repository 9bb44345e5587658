import FleetModel
import Foundation
import TerminalCore

/// The replay's event table, drawn where the map was: every recorded event with its time and kind, the one the
/// replay stands at reversed and kept in view; beside it (or under it, when narrow) the selected event's log entry
/// as indented JSON — the request the driver's app sent or the response Fleet Engine kept — or, for inputs without
/// log entries, the event's own data.
struct EventTablePane: Widget {
    var events: ReplayEventsView
    var timeZone: ClockZone
    var styles: ScreenStyles
    var ascii: Bool

    /// From this width the entry goes beside the table; below it, under the table.
    static let besideFromWidth = 72
    static let kindWidth = 13

    /// The table's and the entry's areas within `area`, and how the entry is set off from the table.
    static func split(_ area: Rect) -> (table: Rect, detail: Rect, arrangement: TripPanel.Arrangement) {
        if area.width >= besideFromWidth {
            // Time, call and status fit in 44 columns; the entry has the rest.
            let parts = Layout.horizontal([.length(min(46, area.width / 2 + 4)), .fill()]).split(area)
            return (parts[0], parts[1], .beside)
        }
        let parts = Layout.vertical([.length(max(3, area.height * 2 / 5)), .fill()]).split(area)
        return (parts[0], parts[1], .below)
    }

    /// The row a click at screen row `y` lands on, in a pane drawn in `area`, if any.
    static func rowIndex(atX x: Int, y: Int, in area: Rect, events: ReplayEventsView) -> Int? {
        let table = split(area).table
        let room = table.height - 1
        guard table.contains(x: x, y: y), y > table.y, room > 0 else { return nil }
        let first = ListWindow.first(selected: events.selected, count: events.table.rows.count, room: room)
        let index = first + (y - table.y - 1)
        return index < events.table.rows.count ? index : nil
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        guard !area.isEmpty else { return }
        let (tableArea, detailArea, arrangement) = Self.split(area)
        renderTable(in: tableArea.inset(left: 1, right: 1), buffer: &buffer)
        let content = arrangement.frame(detailArea, in: &buffer, styles: styles, ascii: ascii)
        renderDetail(in: arrangement == .beside ? content.inset(top: -1) : content, buffer: &buffer)
    }

    private func renderTable(in area: Rect, buffer: inout CellBuffer) {
        let rows = events.table.rows
        var header = StyledLine([("Events ", styles.heading)])
        header.append(events.selected.map { "\($0 + 1) of \(rows.count)" } ?? "\(rows.count)", styles.label)
        header.draw(into: &buffer, x: area.x, y: area.y, width: area.width, ascii: ascii)
        let room = area.height - 1
        guard room > 0 else { return }
        guard !rows.isEmpty else {
            buffer.put("no events", x: area.x, y: area.y + 1, width: area.width, style: styles.dim, ascii: ascii)
            return
        }
        let first = ListWindow.first(selected: events.selected, count: rows.count, room: room)
        for (offset, index) in (first..<min(rows.count, first + room)).enumerated() {
            let row = rows[index]
            let y = area.y + 1 + offset
            let isSelected = index == events.selected
            func style(_ base: CellStyle) -> CellStyle {
                var style = base
                if isSelected { style.attributes.insert(.reverse) }
                return style
            }
            if isSelected {
                buffer.fill(
                    Rect(x: area.x - 1, y: y, width: area.width + 2, height: 1), with: Cell(" ", style: style(.plain)))
            }
            let line = StyledLine([
                (Formatting.clockTime(row.time, in: timeZone) + " ", style(styles.dim)),
                (row.kind.padding(toLength: Self.kindWidth, withPad: " ", startingAt: 0) + " ", style(kindStyle(row))),
                (row.detail, style(styles.text)),
            ])
            line.draw(into: &buffer, x: area.x, y: y, width: area.width, ascii: ascii)
        }
    }

    private func kindStyle(_ row: ReplayEventTable.Row) -> CellStyle {
        switch row.kind {
        case "failure": styles.clientError
        case "note": styles.warning
        default: styles.label
        }
    }

    private func renderDetail(in area: Rect, buffer: inout CellBuffer) {
        guard area.height > 0, area.width > 0 else { return }
        guard let detail = events.detail else {
            buffer.put("no event selected", x: area.x, y: area.y, width: area.width, style: styles.dim, ascii: ascii)
            return
        }
        var title = StyledLine([(detail.title, styles.heading)])
        let room = area.height - 1
        let lines = detail.lines
        if lines.count > room {
            let last = min(lines.count, events.scroll + room)
            title.append("  \(events.scroll + 1)–\(last)/\(lines.count)", styles.dim)
        }
        title.draw(into: &buffer, x: area.x, y: area.y, width: area.width, ascii: ascii)
        for (offset, line) in lines.dropFirst(events.scroll).prefix(max(0, room)).enumerated() {
            buffer.put(line, x: area.x, y: area.y + 1 + offset, width: area.width, style: styles.text, ascii: ascii)
        }
    }
}
