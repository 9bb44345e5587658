import FleetModel
import TerminalCore

/// The status bar of the trip and fleet screens: where the data comes from, how polling goes and what is shown on
/// the left, then any notice; on the right the last failure by class (``FailureLine``: a recoverable one with its
/// retry countdown, a client one with what to do about it), else how the trip ended. One widget, so both screens'
/// bars are laid out, cut and coloured alike; each screen says what goes in it (``init(trip:mode:now:notice:styles:ascii:)``,
/// ``init(fleet:shown:now:notice:isReplay:styles:ascii:)``).
struct StatusBar: Widget {
    /// The left side's runs, in the bar's style: each is cut with an ellipsis as a whole when space runs out.
    var source: [String]
    var notice: String?
    var failure: TripViewFailure?
    /// Shown on the right when there is no failure: a finished trip's status.
    var outcome: String?
    var now: ProtoTimestamp
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: Cell(" ", style: styles.bar))
        let right = rightLine
        let rightWidth = min(right.width, area.width * 2 / 3)
        var left = StyledLine(source.map { ($0, styled(styles.bar)) })
        if let notice { left.append(" · " + notice, styled(styles.heading)) }
        left.draw(into: &buffer, x: area.x + 1, y: area.y, width: max(0, area.width - rightWidth - 3), ascii: ascii)
        if rightWidth > 0 {
            right.draw(into: &buffer, x: area.right - rightWidth - 1, y: area.y, width: rightWidth, ascii: ascii)
        }
    }

    private var rightLine: StyledLine {
        if let failure {
            return FailureLine(failure: failure, now: now, styles: styles, ascii: ascii, styled: styled).line
        }
        guard let outcome else { return StyledLine() }
        return StyledLine([(outcome, styled(styles.finished))])
    }

    /// A style on the bar's background, with the bar's attributes.
    private func styled(_ style: CellStyle) -> CellStyle {
        var merged = style
        if merged.background == .default { merged.background = styles.bar.background }
        merged.attributes.formUnion(styles.bar.attributes)
        return merged
    }
}
