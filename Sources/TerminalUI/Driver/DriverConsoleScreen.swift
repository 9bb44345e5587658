import FleetModel
import Foundation
import TerminalCore

/// Composes one driver console frame: the map with the route to the next stop on the left; on the right the next
/// stop (distance, ETA), the vehicle (state, tracking, speed), its trips and the reporter (last success, last
/// failure with its class); the event log under it and the keys at the bottom.
public struct DriverConsoleScreen {
    static let panelWidth = 36
    static let logRows = 4
    /// How many log lines a state needs to carry.
    public static let logRowsShown = logRows
    static let minimum = TerminalSize(width: 60, height: 16)

    var styles: ScreenStyles
    var ascii: Bool
    /// The other view Tab switches to (the demo's rider map), named in the key line.
    var switchTarget: String?

    /// The map's part of the screen for a terminal of `size`.
    static func mapArea(_ size: TerminalSize) -> (columns: Int, rows: Int) {
        (max(0, size.width - panelWidth - 1), max(0, size.height - logRows - 2))
    }

    func compose(_ state: DriverConsoleState, map: CellBuffer, size: TerminalSize, notice: String?) -> CellBuffer {
        var frame = CellBuffer(width: size.width, height: size.height)
        guard size.isAtLeast(width: Self.minimum.width, height: Self.minimum.height) else {
            frame.put("Window too small for the driver console (\(Self.minimum) needed).", x: 0, y: 0, width: size.width, style: styles.warning, ascii: ascii)
            return frame
        }
        let area = Self.mapArea(size)
        for y in 0..<min(map.height, area.rows) {
            for x in 0..<min(map.width, area.columns) { frame.put(String(map[x, y].grapheme), x: x, y: y, style: map[x, y].style) }
        }
        let panelX = area.columns + 1
        for y in 0..<area.rows { frame.put(ascii ? "|" : "│", x: area.columns, y: y, style: styles.border) }
        var y = 0
        func line(_ text: String, _ style: CellStyle) {
            guard y < area.rows else { return }
            frame.put(text, x: panelX, y: y, width: Self.panelWidth, style: style, ascii: ascii)
            y += 1
        }
        line(state.vehicleName, styles.heading)
        line(state.backend, styles.dim)
        y += 1
        line("Next stop", styles.label)
        line(state.nextStop ?? "none (no trip assigned)", styles.text)
        if let meters = state.remainingMeters {
            let eta = state.remainingSeconds.map { "  ETA \(Formatting.duration(.seconds($0)))" } ?? ""
            line("\(Formatting.distance(meters))\(eta)", styles.status)
        }
        if let nav = state.navigationStatus { line(nav, styles.dim) }
        y += 1
        line("Vehicle", styles.label)
        line("\(state.vehicleState)  tracking \(state.trackingEnabled ? "on" : "off")",
             state.vehicleState == "ONLINE" ? styles.finished : styles.warning)
        if let speed = state.speed { line(String(format: "%.0f km/h", speed * 3.6), styles.text) }
        if let p = state.position { line(String(format: "%.5f, %.5f", p.latitude, p.longitude), styles.dim) }
        y += 1
        line("Trips", styles.label)
        if state.trips.isEmpty { line("none", styles.dim) }
        for trip in state.trips.prefix(4) { line(trip, styles.text) }
        y += 1
        line("Reporter  \(state.updateSuccesses)/\(state.updateAttempts) ok", styles.label)
        line("ok: \(state.lastSuccess ?? "never")", styles.text)
        if let failure = state.lastFailure {
            line("failed: \(failure)", state.lastFailureIsRecoverable ? styles.recoverable : styles.clientError)
        }

        let logTop = area.rows
        for x in 0..<size.width { frame.put(ascii ? "-" : "─", x: x, y: logTop, style: styles.border) }
        for (i, entry) in state.log.suffix(Self.logRows).enumerated() {
            frame.put(entry, x: 0, y: logTop + 1 + i, width: size.width, style: styles.text, ascii: ascii)
        }
        let tab = switchTarget.map { "Tab \($0)  " } ?? ""
        let keys = notice ?? "o online/offline  t tracking  n next status  x cancel trip  +/- zoom  arrows pan  f follow  \(tab)q quit"
        frame.put(keys, x: 0, y: size.height - 1, width: size.width, style: notice == nil ? styles.bar : styles.warning, ascii: ascii)
        return frame
    }
}
