import FleetModel
import TerminalCore

/// The replay's timeline: play state and speed, the position, a bar with ticks where the trip status changed,
/// and the length.
struct TimelineBar: Widget {
    var status: ReplayStatus
    var styles: ScreenStyles
    var ascii: Bool

    /// Columns left of the bar (play state, speed, position), at least this many so that the bar — and the
    /// diagnosis strip drawn above it over the same columns — does not shift as the speed or position text grows.
    static let headWidth = 16

    /// The columns the bar spans in `rect`: time runs left to right over them, here and in ``DiagnosisStrip``.
    static func bar(in rect: Rect, status: ReplayStatus) -> (x: Int, width: Int) {
        let tail = " " + Formatting.elapsed(status.end - status.start) + " "
        return (rect.x + headWidth, rect.width - headWidth - tail.displayWidth)
    }

    func render(in rect: Rect, buffer: inout CellBuffer) {
        buffer.fill(rect, with: .blank)
        let play = status.isAtEnd ? (ascii ? "[]" : "■") : status.isPaused ? (ascii ? "||" : "‖") : (ascii ? ">" : "▶")
        let head = " \(play) \(status.speed) " + Formatting.elapsed(status.position - status.start) + " "
        let tail = " " + Formatting.elapsed(status.end - status.start) + " "
        buffer.put(
            head, x: rect.x, y: rect.y, width: min(rect.width, Self.headWidth),
            style: status.isPaused ? styles.warning : styles.heading, ascii: ascii)
        let (barX, barWidth) = Self.bar(in: rect, status: status)
        guard barWidth >= 4 else { return }
        let position = Int((status.fraction * Double(barWidth - 1)).rounded())
        for i in 0..<barWidth {
            let done = i < position
            buffer[barX + i, rect.y] = Cell(
                done ? (ascii ? "=" : "━") : (ascii ? "-" : "─"),
                style: done ? styles.timelineDone : styles.timelineLeft)
        }
        for tick in status.ticks {
            let column = Int((tick * Double(barWidth - 1)).rounded())
            buffer[barX + column, rect.y] = Cell(ascii ? "|" : "┃", style: styles.timelineTick)
        }
        buffer[barX + position, rect.y] = Cell(ascii ? "O" : "●", style: styles.heading)
        buffer.put(tail, x: barX + barWidth, y: rect.y, width: tail.displayWidth, style: styles.dim)
    }
}
