import FleetModel
import Foundation
import TerminalCore

/// Composes one driver console frame: the map with the route to the next stop on the left; on the right the next
/// stop (distance, ETA), the vehicle (state, tracking, speed), its trips — or its next stop's tasks — and the
/// reporter (last success, last failure with its class); the event log under it and the keys at the bottom.
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

    /// Where each part goes: the map, a rule and the panel side by side, then a rule, the log and the key line.
    struct Areas {
        var map: Rect
        var border: Rect
        var panel: Rect
        var rule: Rect
        var log: Rect
        var keys: Rect

        init(size: TerminalSize) {
            let rows = Layout.vertical([.fill(), .length(1), .length(logRows), .length(1)])
                .split(Rect(width: size.width, height: size.height))
            let columns = Layout.horizontal([.fill(), .length(1), .length(panelWidth)]).split(rows[0])
            (map, border, panel) = (columns[0], columns[1], columns[2])
            (rule, log, keys) = (rows[1], rows[2], rows[3])
        }
    }

    /// The map's part of the screen for a terminal of `size`.
    static func mapArea(_ size: TerminalSize) -> (columns: Int, rows: Int) {
        let map = Areas(size: size).map
        return (map.width, map.height)
    }

    func compose(_ state: DriverConsoleState, map: CellBuffer, size: TerminalSize, notice: String?) -> CellBuffer {
        var frame = CellBuffer(width: size.width, height: size.height)
        guard size.isAtLeast(width: Self.minimum.width, height: Self.minimum.height) else {
            frame.put(
                "Window too small for the driver console (\(Self.minimum) needed).", x: 0, y: 0, width: size.width,
                style: styles.warning, ascii: ascii)
            return frame
        }
        let layout = Areas(size: size)
        frame.render(map, in: layout.map)
        frame.render(Fill(Cell(ascii ? "|" : "│", style: styles.border)), in: layout.border)
        frame.render(DriverPanel(state: state, styles: styles, ascii: ascii), in: layout.panel)
        frame.render(Fill(Cell(ascii ? "-" : "─", style: styles.border)), in: layout.rule)
        for (index, entry) in state.log.suffix(layout.log.height).enumerated() {
            let row = layout.log.row(index)
            frame.put(entry, x: row.x, y: row.y, width: row.width, style: styles.text, ascii: ascii)
        }
        let tab = switchTarget.map { "Tab \($0)  " } ?? ""
        let driverKeys =
            switch state.kind {
            case .trips: "o online/offline  t tracking  n next status  x cancel trip"
            case .deliveries: "t tracking  n next stop step  x fail task"
            }
        let keys = notice ?? "\(driverKeys)  +/- zoom  arrows pan  f follow  \(tab)q quit"
        frame.put(
            keys, x: layout.keys.x, y: layout.keys.y, width: layout.keys.width,
            style: notice == nil ? styles.bar : styles.warning, ascii: ascii)
        return frame
    }
}
