import FleetModel
import TripFollowing

extension StatusBar {
    /// The trip screens' bar: the backend, the poll interval (live only: a replay plays recorded updates) and the
    /// updates so far; the failure, or once the trip ended, its status.
    init(
        trip state: TripViewState, mode: TripScreenMode, now: ProtoTimestamp, notice: String?, styles: ScreenStyles,
        ascii: Bool
    ) {
        var source = [state.backendName]
        if case .rider(let interval) = mode { source.append(" · every " + Formatting.duration(interval)) }
        source.append(" · " + Summary.count(state.updateCount, "update"))
        let outcome = state.isFinished ? "trip \(Formatting.status(state.journey.tripStatus).lowercased())" : nil
        // A recording that is not being written stays said until it is again; a key's notice comes first.
        let notices = [notice, state.recordingProblem].compactMap { $0 }
        self.init(
            source: source, notice: notices.isEmpty ? nil : notices.joined(separator: " · "), failure: state.failure,
            outcome: outcome, now: now, styles: styles,
            ascii: ascii)
    }
}
