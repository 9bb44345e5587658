import TerminalCore

/// What a screen shows instead of itself when the terminal is below its minimum size: the size it has, the size
/// it needs and how to quit, centred, in ASCII so that it reads on any terminal.
struct TooSmallNotice: Widget {
    var minimum: TerminalSize
    var styles: ScreenStyles

    func render(in area: Rect, buffer: inout CellBuffer) {
        let lines = [
            area.width < 18 ? "Too small" : "Terminal too small",
            "\(area.width)x\(area.height), need \(minimum.width)x\(minimum.height)", "q quits",
        ]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (index, text) in lines.enumerated() {
            let fitted = text.fitted(to: area.width, ascii: true)
            buffer.put(
                fitted, x: area.x + max(0, (area.width - fitted.displayWidth) / 2), y: top + index,
                style: index == 0 ? styles.warning : styles.text)
        }
    }
}
