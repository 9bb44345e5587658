import FleetModel
import TerminalCore
import TripFollowing

/// The status bar: where the trip comes from and how polling goes on the left; the last failure, by class, on
/// the right — a recoverable one with its retry countdown, a client one with what to do about it.
struct StatusBar: Widget {
    var state: TripViewState
    var mode: TripScreenMode
    var now: ProtoTimestamp
    var notice: String?
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: Cell(" ", style: styles.bar))
        let right = failureLine
        let rightWidth = min(right.width, area.width * 2 / 3)
        let left = sourceLine
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

    private var sourceLine: StyledLine {
        var line = StyledLine()
        switch mode {
        case .rider(let interval):
            line.append(state.backendName, styled(styles.bar))
            line.append(" · every " + Formatting.duration(interval), styled(styles.bar))
        case .replay:
            line.append(state.backendName, styled(styles.bar))
        }
        line.append(" · " + Summary.count(state.updateCount, "update"), styled(styles.bar))
        if let notice { line.append(" · " + notice, styled(styles.heading)) }
        return line
    }

    private var failureLine: StyledLine {
        guard let failure = state.failure else {
            if state.isFinished {
                return StyledLine([("trip \(Formatting.status(state.journey.tripStatus).lowercased())", styled(styles.finished))])
            }
            return StyledLine()
        }
        return FailureLine(failure: failure, now: now, styles: styles, ascii: ascii, styled: styled).line
    }
}
