import FleetEvents
import FleetModel
import TerminalCore

/// The fleet screen's events pane, under the list (`e` shows and hides it): the latest events tripterm's server
/// recorded, newest at the bottom, a line each — the time, the kind, what it concerns (the trip's, task's or
/// vehicle's id, and the geofence) and what changed — so that a backend developer sees what their webhook receives
/// beside the vehicles that caused it. On a server that records none, it says so and how to turn them on.
struct FleetEventsPane: Widget {
    var events: [FleetEventRecord]
    /// The server records no events (``FleetViewState/eventsAreOff``).
    var isOff = false
    var timeZone: ClockZone
    var styles: ScreenStyles
    var ascii: Bool

    /// The pane's height while events are off: the title and how to turn them on.
    static let offHeight = 2

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        guard area.height > 0 else { return }
        let inner = area.inset(left: 1, right: 1)
        if isOff {
            StyledLine([("Events", styles.heading), ("  off on this server", styles.warning)])
                .draw(into: &buffer, x: inner.x, y: inner.y, width: inner.width, ascii: ascii)
            guard inner.height > 1 else { return }
            StyledLine([("tripterm serve --events records them", styles.dim)])
                .draw(into: &buffer, x: inner.x, y: inner.y + 1, width: inner.width, ascii: ascii)
            return
        }
        let title = StyledLine([
            ("Events", styles.heading), ("  \(events.count == FleetViewState.eventsKept ? "latest " : "")", styles.dim),
            (events.isEmpty ? "none yet" : "\(events.count)", styles.dim),
        ])
        title.draw(into: &buffer, x: inner.x, y: inner.y, width: inner.width, ascii: ascii)
        let shown = events.suffix(max(0, inner.height - 1))
        for (index, event) in shown.enumerated() {
            line(event).draw(into: &buffer, x: inner.x, y: inner.y + 1 + index, width: inner.width, ascii: ascii)
        }
    }

    /// `14:05:09 trip-status trip-7  NEW → ENROUTE_TO_PICKUP`.
    func line(_ event: FleetEventRecord) -> StyledLine {
        let time = (try? ProtoTimestamp(rfc3339: event.timestamp)).map { Formatting.clockTime($0, in: timeZone) }
        var subject = [event.trip, event.task, event.vehicle].compactMap { $0 }.first.map(ResourceID.last) ?? ""
        if let geofence = event.geofence { subject += " @" + geofence }
        let arrow = ascii ? " -> " : " → "
        return StyledLine([
            ((time ?? "--:--:--") + " ", styles.dim),
            (event.type + " ", Self.isAlert(event) ? styles.warning : styles.label),
            (subject + "  ", styles.text),
            (FleetEventRecord.text(event.before) + arrow + FleetEventRecord.text(event.after), styles.text),
        ])
    }

    /// The kinds a dispatcher acts on: a vehicle gone silent, a task failed.
    static func isAlert(_ event: FleetEventRecord) -> Bool {
        switch event.kind {
        case .vehicleNotUpdating: true
        case .taskOutcome: FleetEventRecord.text(event.after) == "FAILED"
        default: false
        }
    }
}
