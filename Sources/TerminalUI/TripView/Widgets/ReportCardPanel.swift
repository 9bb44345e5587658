import TerminalCore

/// The replay panel's report card: `check`'s table for the trip being replayed, each row's label on a line of its
/// own when the panel is too narrow for label and value side by side.
struct ReportCardPanel: Widget {
    var reportCard: [String]
    var styles: ScreenStyles
    var ascii: Bool
    var arrangement = TripPanel.Arrangement.beside

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        let content = arrangement.frame(area, in: &buffer, styles: styles, ascii: ascii)
        guard arrangement != .summaryLine else {
            let ended = reportCard.first { $0.hasPrefix("ended") } ?? reportCard.first ?? ""
            StyledLine([(ended, styles.text)]).draw(
                into: &buffer, x: content.x, y: content.y, width: content.width, ascii: ascii)
            return
        }
        for (index, line) in lines(width: content.width).prefix(content.height).enumerated() {
            line.draw(into: &buffer, x: content.x, y: content.y + index, width: content.width, ascii: ascii)
        }
    }

    /// The table's rows: as printed when they fit, else the label alone and its value wrapped under it.
    func lines(width: Int) -> [StyledLine] {
        var lines = [StyledLine([("Report card", styles.heading)])]
        for row in reportCard {
            let label = String(row.prefix { $0 != " " })
            let value = String(row.drop { $0 != " " }.drop { $0 == " " })
            if row.displayWidth <= width {
                lines.append(
                    StyledLine([(String(row.prefix(row.count - value.count)), styles.label), (value, styles.text)]))
                continue
            }
            if !label.isEmpty { lines.append(StyledLine([(label, styles.label)])) }
            for part in TextWrap.lines(value, width: width - 2) {
                lines.append(StyledLine([("  " + part, styles.text)]))
            }
        }
        return lines
    }
}
