import FleetModel
import TerminalCore

/// The replay's timeline: play state and speed, the position, a bar with ticks where the trip status changed,
/// and the length.
struct TimelineBar: Widget {
    var status: ReplayStatus
    var styles: ScreenStyles
    var ascii: Bool

    func render(in rect: Rect, buffer: inout CellBuffer) {
        buffer.fill(rect, with: .blank)
        let play = status.isAtEnd ? (ascii ? "[]" : "■") : status.isPaused ? (ascii ? "||" : "‖") : (ascii ? ">" : "▶")
        let head = " \(play) \(status.speed) " + Formatting.elapsed(status.position - status.start) + " "
        let tail = " " + Formatting.elapsed(status.end - status.start) + " "
        buffer.put(
            head, x: rect.x, y: rect.y, width: rect.width, style: status.isPaused ? styles.warning : styles.heading,
            ascii: ascii)
        let barX = rect.x + head.displayWidth
        let barWidth = rect.width - head.displayWidth - tail.displayWidth
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
