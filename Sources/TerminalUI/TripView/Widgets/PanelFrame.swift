import TerminalCore

extension TripPanel.Arrangement {
    /// Draws the rule that sets a panel off from the map — on its left beside it, on top below it; none for a summary
    /// line — and returns the area left for the panel's lines. The trip, findings and report-card panels share it.
    func frame(_ area: Rect, in buffer: inout CellBuffer, styles: ScreenStyles, ascii: Bool) -> Rect {
        switch self {
        case .beside:
            buffer.fill(
                Rect(x: area.x, y: area.y, width: 1, height: area.height),
                with: Cell(ascii ? "|" : "│", style: styles.border))
            return area.inset(left: 2, right: 1, top: 1)
        case .below:
            buffer.fill(area.row(0), with: Cell(ascii ? "-" : "─", style: styles.border))
            return area.inset(left: 1, right: 1, top: 1)
        case .summaryLine:
            return area.inset(left: 1, right: 1)
        }
    }
}
