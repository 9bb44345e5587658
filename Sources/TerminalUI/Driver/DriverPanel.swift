import Foundation
import TerminalCore

/// The driver console's side panel: the vehicle and its backend, the next stop with distance and ETA, the
/// vehicle's state, tracking, speed and position, its trips, and how the reporter's updates went. Lines past the
/// bottom of the area are left out.
struct DriverPanel: Widget {
    var state: DriverConsoleState
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        var y = area.y
        func line(_ text: String, _ style: CellStyle) {
            guard y < area.bottom else { return }
            buffer.put(text, x: area.x, y: y, width: area.width, style: style, ascii: ascii)
            y += 1
        }
        func gap() { y += 1 }
        line(Self.fitting(state.vehicleName, width: area.width), styles.heading)
        line(state.backend, styles.dim)
        gap()
        line("Next stop", styles.label)
        line(state.nextStop ?? (state.kind == .trips ? "none (no trip assigned)" : "none (no stops left)"), styles.text)
        if let meters = state.remainingMeters {
            let eta = state.remainingSeconds.map { "  ETA \(Formatting.duration(.seconds($0)))" } ?? ""
            line("\(Formatting.distance(meters))\(eta)", styles.status)
        }
        if let nav = state.navigationStatus { line(nav, styles.dim) }
        gap()
        line("Vehicle", styles.label)
        switch state.kind {
        case .trips:
            line(
                "\(state.vehicleState)  tracking \(state.trackingEnabled ? "on" : "off")",
                state.vehicleState == "ONLINE" ? styles.finished : styles.warning)
        case .deliveries:
            line(
                "tracking \(state.trackingEnabled ? "on" : "off")",
                state.trackingEnabled ? styles.finished : styles.warning)
        }
        if let speed = state.speed { line(String(format: "%.0f km/h", speed * 3.6), styles.text) }
        if let p = state.position { line(String(format: "%.5f, %.5f", p.latitude, p.longitude), styles.dim) }
        gap()
        line(state.kind == .trips ? "Trips" : "Tasks", styles.label)
        if state.jobs.isEmpty { line("none", styles.dim) }
        for job in state.jobs.prefix(4) { line(job, styles.text) }
        if let summary = state.summary { line(summary, styles.dim) }
        gap()
        line("Reporter  \(state.updateSuccesses)/\(state.updateAttempts) ok", styles.label)
        line("ok: \(state.lastSuccess ?? "never")", styles.text)
        if let failure = state.lastFailure {
            line("failed: \(failure)", state.lastFailureIsRecoverable ? styles.recoverable : styles.clientError)
        }
    }

    /// A resource name that is wider than the panel loses its `providers/{provider}/` prefix, so that the id —
    /// what tells one vehicle from another — stays whole.
    static func fitting(_ name: String, width: Int) -> String {
        let parts = name.split(separator: "/", maxSplits: 2)
        guard name.count > width, parts.count == 3, parts[0] == "providers" else { return name }
        return String(parts[2])
    }
}
