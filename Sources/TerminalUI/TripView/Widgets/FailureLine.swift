import FleetModel
import TerminalCore

/// The right half of a status bar: the last failure by class — a recoverable one with its retry countdown, a
/// client one with what to do about it. One definition for the trip screens and the fleet screen, so a failure
/// reads the same wherever it is shown.
struct FailureLine {
    var failure: TripViewFailure
    var now: ProtoTimestamp
    var styles: ScreenStyles
    var ascii: Bool
    /// Merges a style onto the bar's background.
    var styled: (CellStyle) -> CellStyle

    var line: StyledLine {
        let error = failure.error
        switch error.errorClass {
        case .recoverable:
            let left = failure.retryDelay - (now - failure.at)
            let retry = left > .zero ? "retrying in " + Formatting.duration(left) : "retrying"
            let count = failure.count > 1 ? " (\(failure.count)×)" : ""
            return StyledLine([
                (
                    (ascii ? "~ " : "⟳ ") + "recoverable " + error.code.name + ": " + error.message + " — " + retry
                        + count,
                    styled(styles.recoverable)
                )
            ])
        case .client:
            return StyledLine([
                (
                    (ascii ? "! " : "✖ ") + "client " + error.code.name + ": " + error.message + " — "
                        + (failure.hint ?? error.hint),
                    styled(styles.clientError)
                )
            ])
        }
    }
}
