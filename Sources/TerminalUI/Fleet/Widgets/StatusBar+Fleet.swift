import FleetModel
import TripFollowing

extension StatusBar {
    /// The fleet screen's bar: the backend and poll interval, the vehicles shown of those listed and how many stale
    /// ones are hidden, the tasks listed (when the fleet lists them), that delivery vehicles are not listed (when the
    /// Deliveries API refused them); the last failed listing, while the last complete fleet stays on screen.
    /// - Parameters:
    ///   - shown: vehicles shown of those listed (the others are stale ones `--hide-stale` leaves out).
    ///   - isReplay: a replay lists at each recorded change, not every interval: the interval is left out.
    init(
        fleet state: FleetViewState, shown: Int, now: ProtoTimestamp, notice: String?, isReplay: Bool = false,
        styles: ScreenStyles, ascii: Bool
    ) {
        let count =
            shown == state.vehicles.count
            ? Summary.count(shown, "vehicle") : "\(shown) of " + Summary.count(state.vehicles.count, "vehicle")
        var source = [
            state.backendName + (isReplay ? "" : " · every " + Formatting.duration(state.pollInterval)),
            " · " + (state.updateCount == 0 ? "listing…" : count),
        ]
        let stale = state.rows.count - shown
        if state.updateCount > 0, stale > 0 { source.append(" · \(stale) stale hidden") }
        if let tasks = state.taskRows { source.append(" · " + Summary.count(tasks.count, "task")) }
        if let refusal = state.deliveriesRefusal { source.append(" · no deliveries (\(refusal))") }
        self.init(
            source: source, notice: notice, failure: state.failure, outcome: nil, now: now, styles: styles,
            ascii: ascii)
    }
}
