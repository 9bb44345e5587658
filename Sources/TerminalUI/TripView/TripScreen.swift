import FleetModel
import Foundation
import TerminalCore

/// A whole trip screen as a pure function: state, mode, clock and the already-rendered map pane in, a frame out.
/// The event loop calls it once per frame it needs; golden tests call it with hand-built states.
public struct TripScreen: Sendable, Equatable {
    public var state: TripViewState
    public var mode: TripScreenMode
    public var now: ProtoTimestamp
    public var timeZone: TimeZone
    public var styles: ScreenStyles
    public var ascii: Bool
    public var showHelp: Bool
    /// A short message for the status bar ("follow on", "speed ×20"), shown for a moment after a key.
    public var notice: String?
    /// The other view Tab switches to (the demo's driver console), shown in the hints and the help.
    public var switchTarget: String?
    /// Whether the camera follows the trip (shown in the map's corner when it does not).
    public var isFollowing: Bool

    public init(
        state: TripViewState, mode: TripScreenMode, now: ProtoTimestamp, timeZone: TimeZone = .current,
        styles: ScreenStyles = .color256, ascii: Bool = false, showHelp: Bool = false, notice: String? = nil,
        isFollowing: Bool = true
    ) {
        self.state = state
        self.mode = mode
        self.now = now
        self.timeZone = timeZone
        self.styles = styles
        self.ascii = ascii
        self.showHelp = showHelp
        self.notice = notice
        self.isFollowing = isFollowing
    }

    /// Updates older than this are shown as stale: three missed polls, and never less than 15 s.
    var staleAfter: Duration {
        switch mode {
        case .rider(let interval): max(.seconds(15), interval * 3)
        case .replay: .seconds(30)
        }
    }

    /// The frame for a terminal of `size`, with `map` (rendered for `layout.map`'s size) in the map pane.
    public func compose(size: TerminalSize, map: CellBuffer?) -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        guard let layout = TripScreenLayout.compute(size: size, kind: mode.kind) else {
            drawTooSmall(into: &buffer)
            return buffer
        }
        if let map { buffer.blit(map, x: layout.map.x, y: layout.map.y) }
        if !isFollowing {
            let tag = ascii ? " free camera - f follows " : " free camera · f follows "
            buffer.put(tag, x: layout.map.x + layout.map.width - tag.count, y: layout.map.y, width: tag.count, style: styles.bar)
        }
        let panel = TripPanel(state: state, now: now, timeZone: timeZone, staleAfter: staleAfter, styles: styles, ascii: ascii)
        if let rect = layout.panel { drawPanel(panel, in: rect, beside: layout.panelBeside, into: &buffer) }
        if let rect = layout.summary {
            buffer.fill(rect, with: .blank)
            panel.summaryLine().draw(into: &buffer, x: rect.x + 1, y: rect.y, width: rect.width - 2, ascii: ascii)
        }
        if let rect = layout.timeline, case .replay(let status) = mode {
            TimelineBar(status: status, styles: styles, ascii: ascii).draw(into: &buffer, at: rect)
        }
        StatusBar(state: state, mode: mode, now: now, notice: notice, styles: styles, ascii: ascii)
            .draw(into: &buffer, at: layout.statusBar)
        drawHints(into: &buffer, at: layout.hints)
        if showHelp { HelpOverlay(bindings: KeyBindings(kind: mode.kind, switchTarget: switchTarget), styles: styles, ascii: ascii).draw(into: &buffer) }
        return buffer
    }

    private func drawPanel(_ panel: TripPanel, in rect: Rect, beside: Bool, into buffer: inout CellBuffer) {
        buffer.fill(rect, with: .blank)
        let border = Cell(beside ? (ascii ? "|" : "│") : (ascii ? "-" : "─"), style: styles.border)
        if beside {
            for row in rect.y..<(rect.y + rect.height) { buffer[rect.x, row] = border }
            let lines = panel.lines(width: rect.width - 3)
            for (index, line) in lines.prefix(rect.height - 1).enumerated() {
                line.draw(into: &buffer, x: rect.x + 2, y: rect.y + 1 + index, width: rect.width - 3, ascii: ascii)
            }
        } else {
            for column in rect.x..<(rect.x + rect.width) { buffer[column, rect.y] = border }
            // Below the map the panel flows into columns, dropping the blank separators.
            let lines = panel.lines(width: 34).filter { $0.width > 0 }
            let rows = rect.height - 1
            let columnWidth = 36
            for (index, line) in lines.enumerated() {
                let column = index / rows
                let x = rect.x + 1 + column * columnWidth
                guard x + 10 < rect.x + rect.width else { break }
                line.draw(into: &buffer, x: x, y: rect.y + 1 + index % rows, width: min(columnWidth - 2, rect.x + rect.width - x), ascii: ascii)
            }
        }
    }

    private func drawHints(into buffer: inout CellBuffer, at rect: Rect) {
        buffer.fill(rect, with: .blank)
        var line = StyledLine()
        for (index, hint) in KeyBindings(kind: mode.kind, switchTarget: switchTarget).hintLine.enumerated() {
            if index > 0 { line.append("  ", styles.dim) }
            line.append(hint.key, styles.key)
            line.append(" " + hint.help, styles.dim)
        }
        line.draw(into: &buffer, x: rect.x + 1, y: rect.y, width: rect.width - 2, ascii: ascii)
    }

    private func drawTooSmall(into buffer: inout CellBuffer) {
        let minimum = TripScreenLayout.minimumSize
        let lines = [buffer.width < 18 ? "Too small" : "Terminal too small", "\(buffer.width)x\(buffer.height), need \(minimum.width)x\(minimum.height)", "q quits"]
        let top = max(0, (buffer.height - lines.count) / 2)
        for (index, text) in lines.enumerated() {
            let fitted = text.fitted(to: buffer.width, ascii: true)
            buffer.put(fitted, x: max(0, (buffer.width - fitted.count) / 2), y: top + index, style: index == 0 ? styles.warning : styles.text)
        }
    }
}
