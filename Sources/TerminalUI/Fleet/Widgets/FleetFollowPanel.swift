import FleetModel
import Foundation
import TerminalCore
import TripFollowing

/// The list pane's place while a vehicle is followed: the vehicle's line, its current trips (a delivery vehicle's
/// stop and task counts), the remaining distance and ETA to its next stop, then its remaining stops in the order it
/// will reach them — a delivery vehicle's with the tasks served at each, a line a task.
struct FleetFollowPanel: Widget {
    var followed: FollowedVehicle
    var now: ProtoTimestamp
    var timeZone: ClockZone
    var glyphs: FleetGlyphs
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.fill(area, with: .blank)
        let inner = area.inset(left: 1, right: 1)
        for (index, line) in lines.prefix(inner.height).enumerated() {
            line.draw(into: &buffer, x: inner.x, y: inner.y + index, width: inner.width, ascii: ascii)
        }
    }

    var lines: [StyledLine] {
        let row = followed.row
        var lines: [StyledLine] = []
        var title = StyledLine([
            ("Following ", styles.label), (String(glyphs.glyph(for: row)) + " " + row.id, styles.heading),
            ("  " + row.state.label, glyphs.style(for: row.state)),
        ])
        if let speed = row.speedKmph { title.append("  \(Int(speed.rounded())) km/h", styles.text) }
        if let age = row.age(at: now) { title.append("  " + FleetRow.ageText(age) + " ago", styles.dim) }
        lines.append(title)
        if !followed.isListed {
            lines.append(StyledLine([("no longer listed: showing its last known state", styles.warning)]))
        }
        var work =
            row.tasks.map { tasks in
                StyledLine([
                    ("stops ", styles.label), (String(row.stops), styles.text), ("  open tasks ", styles.label),
                    (String(tasks), styles.text),
                ])
            }
            ?? StyledLine([
                ("trips ", styles.label), (row.trips.isEmpty ? "none" : row.trips.joined(separator: ", "), styles.text),
            ])
        work.append("  nav ", styles.label)
        work.append(row.navigationLabel, styles.text)
        lines.append(work)
        var next = StyledLine([("next stop ", styles.label)])
        if let distance = followed.remainingDistanceMeters {
            next.append(Formatting.distance(Double(distance)), styles.text)
        } else {
            next.append("–", styles.dim)
        }
        if let eta = followed.eta {
            next.append(
                "  ETA " + Formatting.shortClockTime(eta, in: timeZone) + " (in " + Formatting.duration(eta - now)
                    + ")",
                styles.text)
        }
        lines.append(next)
        lines.append(StyledLine())
        if followed.stops.isEmpty {
            lines.append(StyledLine([("no stops ahead", styles.dim)]))
        }
        for (index, stop) in followed.stops.enumerated() {
            let number = String(index + 1).padding(toLength: 3, withPad: " ", startingAt: 0)
            switch stop.purpose {
            case .waypoint(let tripID, let type):
                var line = StyledLine([
                    (number, styles.key),
                    (Summary.waypointKind(type).padding(toLength: 9, withPad: " ", startingAt: 0), styles.text),
                    (tripID, styles.label),
                ])
                if let eta = stop.eta {
                    line.append("  ETA " + Formatting.shortClockTime(eta, in: timeZone), styles.dim)
                }
                lines.append(line)
            case .tasks(let tasks):
                // A line a task, the stop's number on the first.
                for (offset, task) in tasks.enumerated() {
                    let type = FleetTaskRow.label(task.type)
                    var line = StyledLine([
                        (offset == 0 ? number : "   ", styles.key),
                        (type.padding(toLength: 9, withPad: " ", startingAt: 0), styles.text),
                        (ResourceID.last(in: task.name), styles.label),
                    ])
                    if !task.trackingId.isEmpty { line.append("  " + task.trackingId, styles.dim) }
                    lines.append(line)
                }
            }
        }
        return lines
    }
}
