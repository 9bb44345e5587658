import FleetModel
import Foundation
import TerminalCore
import TripDiagnosis

/// The replay panel's findings: how many, the selected one explained (kind, when, how long, the detail `check`
/// prints), then the list with the selected one marked and kept in view. `n`/`N` move through it.
struct FindingsPanel: Widget {
    var insight: ReplayInsight
    var selected: Int?
    var timeZone: ClockZone
    var styles: ScreenStyles
    var ascii: Bool
    var arrangement = TripPanel.Arrangement.beside

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        let content = arrangement.frame(area, in: &buffer, styles: styles, ascii: ascii)
        guard arrangement != .summaryLine else {
            summary().draw(into: &buffer, x: content.x, y: content.y, width: content.width, ascii: ascii)
            return
        }
        let lines = lines(width: content.width, height: content.height)
        for (index, line) in lines.prefix(content.height).enumerated() {
            line.draw(into: &buffer, x: content.x, y: content.y + index, width: content.width, ascii: ascii)
        }
    }

    /// The header, the selected finding's explanation, and as much of the list as fits in `height` rows.
    func lines(width: Int, height: Int) -> [StyledLine] {
        let findings = insight.findings
        guard !findings.isEmpty else {
            return [
                StyledLine([("No findings", styles.heading)]),
                StyledLine([("check found nothing to flag", styles.dim)]),
            ]
        }
        var lines = [
            StyledLine([
                ("Findings ", styles.heading),
                (selected.map { "\($0 + 1) of \(findings.count)" } ?? "\(findings.count)", styles.label),
            ])
        ]
        if let selected, findings.indices.contains(selected) {
            let finding = findings[selected]
            lines.append(StyledLine([(finding.kind.rawValue, severityStyle(finding.severity))]))
            var when = Formatting.clockTime(finding.start, in: timeZone)
            if finding.end > finding.start {
                when += " for " + Formatting.duration(finding.end - finding.start)
            }
            lines.append(StyledLine([(when, styles.text)]))
            for part in TextWrap.lines(finding.detail, width: width) { lines.append(StyledLine([(part, styles.text)])) }
        }
        lines.append(StyledLine())
        let room = max(1, height - lines.count)
        let first = ListWindow.first(selected: selected, count: findings.count, room: room)
        for index in first..<min(findings.count, first + room) {
            let finding = findings[index]
            let isSelected = index == selected
            let mark = ascii ? (isSelected ? ">" : " ") : (isSelected ? "◆" : "▲")
            lines.append(
                StyledLine([
                    (mark + " ", isSelected ? styles.overlay : severityStyle(finding.severity)),
                    (Formatting.clockTime(finding.start, in: timeZone) + " ", isSelected ? styles.heading : styles.dim),
                    (finding.kind.rawValue, isSelected ? styles.heading : styles.text),
                ]))
        }
        return lines
    }

    /// One line for small terminals: the selected finding, or how many there are.
    func summary() -> StyledLine {
        guard let selected, insight.findings.indices.contains(selected) else {
            let count = insight.findings.count
            return StyledLine([(count == 0 ? "no findings" : "\(count) findings · n next", styles.label)])
        }
        let finding = insight.findings[selected]
        return StyledLine([
            ("\(selected + 1)/\(insight.findings.count) ", styles.label),
            (finding.kind.rawValue + " ", severityStyle(finding.severity)),
            (finding.detail, styles.text),
        ])
    }

    private func severityStyle(_ severity: FindingSeverity) -> CellStyle {
        switch severity {
        case .error: styles.clientError
        case .warning: styles.warning
        case .info: styles.label
        }
    }
}
