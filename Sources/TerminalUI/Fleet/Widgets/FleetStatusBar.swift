import FleetModel
import TerminalCore
import TripFollowing

/// The fleet screen's status bar: where the fleet comes from, how polling goes and what is shown on the left; the
/// last failed listing on the right, by class, exactly as the rider's (``FailureLine``), while the last complete
/// fleet stays on screen.
struct FleetStatusBar: Widget {
    var state: FleetViewState
    /// Vehicles shown of those listed (the others are stale ones `--hide-stale` leaves out).
    var shown: Int
    var now: ProtoTimestamp
    var notice: String?
    /// A replay lists at each recorded change, not every interval: the interval is left out.
    var isReplay = false
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: Cell(" ", style: styles.bar))
        let right =
            state.failure.map {
                FailureLine(failure: $0, now: now, styles: styles, ascii: ascii, styled: styled).line
            } ?? StyledLine()
        let rightWidth = min(right.width, area.width * 2 / 3)
        var left = StyledLine()
        left.append(
            state.backendName + (isReplay ? "" : " · every " + Formatting.duration(state.pollInterval)),
            styled(styles.bar))
        let count =
            shown == state.vehicles.count
            ? Summary.count(shown, "vehicle") : "\(shown) of " + Summary.count(state.vehicles.count, "vehicle")
        left.append(" · " + (state.updateCount == 0 ? "listing…" : count), styled(styles.bar))
        let stale = state.rows.count - shown
        if state.updateCount > 0, stale > 0 { left.append(" · \(stale) stale hidden", styled(styles.bar)) }
        if let notice { left.append(" · " + notice, styled(styles.heading)) }
        left.draw(into: &buffer, x: area.x + 1, y: area.y, width: max(0, area.width - rightWidth - 3), ascii: ascii)
        if rightWidth > 0 {
            right.draw(into: &buffer, x: area.right - rightWidth - 1, y: area.y, width: rightWidth, ascii: ascii)
        }
    }

    private func styled(_ style: CellStyle) -> CellStyle {
        var merged = style
        if merged.background == .default { merged.background = styles.bar.background }
        merged.attributes.formUnion(styles.bar.attributes)
        return merged
    }
}
