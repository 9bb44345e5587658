import FleetModel
import Foundation
import TerminalCore

/// The panel beside (or below) the map: trip status, ETAs with the time left, remaining distance, the vehicle's
/// speed and heading, the age of the last update (with a stale warning), and the stops still ahead. On terminals
/// too small for it, its essentials fold into one summary line.
struct TripPanel: Widget {
    /// How the panel fits the area the layout gave it.
    enum Arrangement {
        /// A column right of the map, with a rule on its left.
        case beside
        /// A band under the map, with a rule on top, its lines flowing into columns.
        case below
        /// One line: status · remaining · next ETA · age.
        case summaryLine
    }

    var state: TripViewState
    var now: ProtoTimestamp
    var timeZone: ClockZone
    /// Updates older than this are flagged stale.
    var staleAfter: Duration
    var styles: ScreenStyles
    var ascii: Bool
    var arrangement = Arrangement.beside

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        let content = arrangement.frame(area, in: &buffer, styles: styles, ascii: ascii)
        switch arrangement {
        case .beside:
            for (index, line) in lines(width: content.width).prefix(content.height).enumerated() {
                line.draw(into: &buffer, x: content.x, y: content.y + index, width: content.width, ascii: ascii)
            }
        case .below:
            // Below the map the panel flows into columns, dropping the blank separators.
            let lines = lines(width: 34).filter { $0.width > 0 }
            let rows = content.height
            let columnWidth = 36
            for (index, line) in lines.enumerated() {
                let x = content.x + index / rows * columnWidth
                guard x + 10 < area.right else { break }
                line.draw(
                    into: &buffer, x: x, y: content.y + index % rows, width: min(columnWidth - 2, area.right - x),
                    ascii: ascii)
            }
        case .summaryLine:
            summaryLine().draw(into: &buffer, x: content.x, y: content.y, width: content.width, ascii: ascii)
        }
    }

    /// The panel's lines, top to bottom, in sections separated by empty lines.
    func lines(width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        let s = styles
        lines.append(StyledLine([("Trip ", s.label), (state.tripName.tripID, s.heading)]))
        lines.append(
            StyledLine([(statusMark + " ", statusStyle), (Formatting.status(state.journey.tripStatus), statusStyle)]))
        lines.append(StyledLine())
        if !state.isFinished {
            if let line = etaLine("Pickup", eta: state.journey.pickupETA, done: pickupDone) { lines.append(line) }
            if let line = etaLine("Dropoff", eta: state.journey.dropoffETA, done: false) { lines.append(line) }
            if let meters = state.journey.remainingDistanceMeters {
                lines.append(field("Remaining", Formatting.distance(Double(meters))))
            }
        }
        lines.append(vehicleLine)
        lines.append(updatedLine)
        let stops = stopLines(width: width)
        if !stops.isEmpty {
            lines.append(StyledLine())
            lines.append(StyledLine([("Next stops", s.label)]))
            lines += stops
        }
        return lines
    }

    /// One line for terminals too small for a panel: status · remaining · next ETA · age.
    func summaryLine() -> StyledLine {
        let s = styles
        var line = StyledLine([(Formatting.status(state.journey.tripStatus), statusStyle)])
        if !state.isFinished, let meters = state.journey.remainingDistanceMeters {
            line.append(" · " + Formatting.distance(Double(meters)), s.text)
        }
        if !state.isFinished, let eta = pickupDone ? state.journey.dropoffETA : state.journey.pickupETA {
            line.append(" · " + (pickupDone ? "dropoff " : "pickup ") + "in " + Formatting.duration(eta - now), s.text)
        }
        if let age = updateAge { line.append(" · " + Formatting.duration(age) + " ago", isStale ? s.warning : s.dim) }
        return line
    }

    // MARK: Parts

    private var pickupDone: Bool {
        switch state.journey.tripStatus {
        case .new, .enrouteToPickup, .unknownTripStatus: false
        default: true
        }
    }

    private var statusStyle: CellStyle {
        switch state.journey.tripStatus {
        case .complete: styles.finished
        case .canceled: styles.clientError
        default: styles.status
        }
    }

    private var statusMark: String {
        switch state.journey.tripStatus {
        case .complete: ascii ? "+" : "✔"
        case .canceled: ascii ? "x" : "✖"
        default: ascii ? "*" : "●"
        }
    }

    private func field(_ label: String, _ value: String, _ style: CellStyle? = nil) -> StyledLine {
        StyledLine([
            (label.padding(toLength: 10, withPad: " ", startingAt: 0), styles.label), (value, style ?? styles.text),
        ])
    }

    private func etaLine(_ label: String, eta: ProtoTimestamp?, done: Bool) -> StyledLine? {
        if done { return field(label, "done", styles.dim) }
        guard let eta else { return nil }
        let left = eta - now
        let when = left < .zero ? "due" : "in " + Formatting.duration(left)
        return field(label, Formatting.shortClockTime(eta, in: timeZone) + "  " + when)
    }

    private var vehicleLine: StyledLine {
        guard let vehicle = state.journey.vehicleLocation, vehicle.location != nil else {
            // A finished trip's vehicle is gone from the answers, which does not mean one is still to come.
            return field("Vehicle", state.isFinished ? "—" : "no location yet", styles.dim)
        }
        var parts: [String] = []
        if let speed = vehicle.speed {
            parts.append("\(Int((speed * 3.6).rounded())) km/h")
        } else if let kmph = vehicle.speedKmph {
            parts.append("\(kmph) km/h")
        }
        if let heading = vehicle.heading { parts.append("\(Formatting.compassPoint(Double(heading))) \(heading)°") }
        return field("Vehicle", parts.isEmpty ? "located" : parts.joined(separator: "  "))
    }

    private var updateAge: Duration? { state.lastUpdate.map { now - $0 } }
    private var isStale: Bool { (updateAge ?? .zero) > staleAfter && !state.isFinished }

    private var updatedLine: StyledLine {
        guard let age = updateAge else { return field("Updated", "waiting for the first update", styles.dim) }
        let text = Formatting.duration(age) + " ago"
        return isStale
            ? field("Updated", (ascii ? "! " : "⚠ ") + text + " (stale)", styles.warning) : field("Updated", text)
    }

    private func stopLines(width: Int) -> [StyledLine] {
        let waypoints = state.journey.remainingWaypoints
        if !waypoints.isEmpty {
            var stopNumber = 0
            return waypoints.prefix(6).map { waypoint in
                let (mark, name): (String, String)
                switch waypoint.waypointType {
                case .pickupWaypointType: (mark, name) = ("P", "pickup")
                case .dropOffWaypointType: (mark, name) = ("D", "dropoff")
                default:
                    stopNumber += 1
                    (mark, name) = (stopNumber < 10 ? "\(stopNumber)" : "+", "stop")
                }
                var line = StyledLine([
                    (" " + mark + " ", styles.key),
                    (name.padding(toLength: 8, withPad: " ", startingAt: 0), styles.text),
                ])
                if let meters = waypoint.distanceMeters {
                    line.append(
                        Formatting.distance(Double(meters)).padding(toLength: 8, withPad: " ", startingAt: 0),
                        styles.text)
                }
                if let eta = waypoint.eta { line.append(Formatting.shortClockTime(eta, in: timeZone), styles.dim) }
                return line
            }
        }
        // A finished trip has nothing ahead (its stops were listed again once the status passed ENROUTE_TO_DROPOFF).
        guard !state.isFinished else { return [] }
        var lines: [StyledLine] = []
        if !pickupDone, state.journey.pickupLocation?.point != nil {
            lines.append(StyledLine([(" P ", styles.key), ("pickup", styles.text)]))
        }
        for (index, stop) in state.journey.intermediateDestinations.enumerated() where stop.point != nil {
            guard index >= Int(max(0, currentStopIndex)) else { continue }
            lines.append(StyledLine([(" \(index < 9 ? String(index + 1) : "+") ", styles.key), ("stop", styles.text)]))
        }
        if state.journey.dropoffLocation?.point != nil {
            lines.append(StyledLine([(" D ", styles.key), ("dropoff", styles.text)]))
        }
        return lines
    }

    /// Intermediate stops before this index have been passed (Fleet Engine's `intermediateDestinationIndex` is
    /// not in the view state; before the dropoff leg every stop is still ahead).
    private var currentStopIndex: Int {
        state.journey.tripStatus == .enrouteToDropoff ? state.journey.intermediateDestinations.count : 0
    }
}
