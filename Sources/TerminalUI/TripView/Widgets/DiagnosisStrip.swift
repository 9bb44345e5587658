import FleetModel
import TerminalCore
import TripDiagnosis

/// Two rows above a replay's timeline bar, over the same columns: the trip's status bands with a mark at each
/// finding (the selected one highlighted), and the vehicle's speed as a sparkline — so a jump, a silence or a
/// dwell shows where it sits in the trip before `n` goes there.
struct DiagnosisStrip: Widget {
    var status: ReplayStatus
    var insight: ReplayInsight
    var selected: Int?
    var styles: ScreenStyles
    var ascii: Bool

    func render(in rect: Rect, buffer: inout CellBuffer) {
        buffer.fill(rect, with: .blank)
        guard rect.height >= 2 else { return }
        let (x, width) = TimelineBar.bar(in: rect, status: status)
        guard width >= 4 else { return }
        let count = insight.findings.count
        let label = count == 0 ? " no findings" : count == 1 ? " 1 finding" : " \(count) findings"
        buffer.put(label, x: rect.x, y: rect.y, width: TimelineBar.headWidth, style: styles.label, ascii: ascii)
        let fastest = insight.speeds.map(\.metresPerSecond).max() ?? 0
        let speedLabel = fastest > 0 ? " ≤\(Int((fastest * 3.6).rounded())) km/h" : " speed"
        buffer.put(
            speedLabel, x: rect.x, y: rect.y + 1, width: TimelineBar.headWidth, style: styles.label, ascii: ascii)

        // One pass over the samples (a long recording has many more than the strip has columns).
        var top = [Double?](repeating: nil, count: width)
        for sample in insight.speeds {
            let column = self.column(of: sample.time, width: width)
            top[column] = max(top[column] ?? 0, sample.metresPerSecond)
        }
        for column in 0..<width {
            let from = status.start + (status.end - status.start) * (Double(column) / Double(width))
            let band = insight.bands.last { $0.start <= from } ?? insight.bands.first
            buffer[x + column, rect.y] = band.map { Cell(ascii ? "=" : "▬", style: style(of: $0.status)) } ?? .blank
            if let speed = top[column], fastest > 0 {
                buffer[x + column, rect.y + 1] = Cell(spark(speed / fastest), style: styles.dim)
            }
        }
        for (index, finding) in insight.findings.enumerated() {
            let column = self.column(of: finding.start, width: width)
            let isSelected = index == selected
            let mark: Character = ascii ? (isSelected ? "#" : "!") : (isSelected ? "◆" : "▲")
            buffer[x + column, rect.y] = Cell(mark, style: isSelected ? styles.overlay : style(of: finding.severity))
        }
    }

    private func column(of time: ProtoTimestamp, width: Int) -> Int {
        guard status.end > status.start else { return 0 }
        let fraction = min(1, max(0, (time - status.start) / (status.end - status.start)))
        return min(width - 1, Int(fraction * Double(width)))
    }

    private func spark(_ level: Double) -> Character {
        let glyphs: [Character] =
            ascii ? [".", ":", "-", "=", "+", "*", "#", "@"] : ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return glyphs[min(glyphs.count - 1, max(0, Int(level * Double(glyphs.count - 1) + 0.5)))]
    }

    private func style(of status: TripStatus) -> CellStyle {
        switch status {
        case .enrouteToPickup, .enrouteToIntermediateDestination, .enrouteToDropoff: styles.status
        case .arrivedAtPickup, .arrivedAtIntermediateDestination: styles.warning
        case .complete: styles.finished
        case .canceled: styles.clientError
        default: styles.dim
        }
    }

    private func style(of severity: FindingSeverity) -> CellStyle {
        switch severity {
        case .error: styles.clientError
        case .warning: styles.warning
        case .info: styles.label
        }
    }
}
