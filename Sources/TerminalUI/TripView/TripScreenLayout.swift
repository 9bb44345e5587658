import TerminalCore

/// Where each part of a trip screen goes for a terminal size.
///
/// Wide terminals get the panel on the right of the map; narrow but tall ones get it below; small ones keep the
/// map and fold the panel's essentials into one summary line. Bottom rows: a replay's diagnosis strip (when tall
/// enough) and timeline, the status bar and the key hints. Below ``minimumSize`` nothing fits and the screen shows a notice instead.
public struct TripScreenLayout: Hashable, Sendable {
    public var map: Rect
    /// The side (or bottom) panel; nil when the terminal is too small for it.
    public var panel: Rect?
    /// Whether the panel sits right of the map (else below it).
    public var panelBeside: Bool
    /// One line of the panel's essentials when there is no panel.
    public var summary: Rect?
    public var timeline: Rect?
    /// The replay's diagnosis strip above the timeline (status bands and findings, speed), on terminals tall
    /// enough for it.
    public var strip: Rect?
    public var statusBar: Rect
    public var hints: Rect

    /// The smallest terminal the screens draw in.
    public static let minimumSize = TerminalSize(width: 30, height: 8)
    /// Panel width beside the map.
    static let sidePanelWidth = 34
    /// Terminal width from which the panel goes beside the map.
    static let sidePanelFromWidth = 90
    /// Terminal height from which a panel fits below the map.
    static let bottomPanelFromHeight = 22
    static let bottomPanelHeight = 7
    /// Terminal height from which a replay gets the two-row diagnosis strip above its timeline.
    static let stripFromHeight = 20

    /// The layout for `size`, or nil when the terminal is below ``minimumSize``.
    public static func compute(size: TerminalSize, kind: TripScreenKind) -> TripScreenLayout? {
        guard size.isAtLeast(width: minimumSize.width, height: minimumSize.height) else { return nil }
        let beside = size.width >= sidePanelFromWidth
        let below = !beside && size.height >= bottomPanelFromHeight
        // Top to bottom: the map (with the panel beside it), the panel below it or the summary line, the timeline,
        // the status bar, the hints.
        let hasStrip = kind == .replay && size.height >= stripFromHeight
        var rows: [Constraint] = [.fill()]
        if !beside { rows.append(.length(below ? bottomPanelHeight : 1)) }
        if hasStrip { rows.append(.length(2)) }
        if kind == .replay { rows.append(.length(1)) }
        rows += [.length(1), .length(1)]
        var parts = Layout.vertical(rows).split(Rect(width: size.width, height: size.height))
        let hints = parts.removeLast()
        let statusBar = parts.removeLast()
        let timeline = kind == .replay ? parts.removeLast() : nil
        let strip = hasStrip ? parts.removeLast() : nil
        if beside {
            let columns = Layout.horizontal([.fill(), .length(sidePanelWidth)]).split(parts[0])
            return TripScreenLayout(
                map: columns[0], panel: columns[1], panelBeside: true, summary: nil, timeline: timeline, strip: strip,
                statusBar: statusBar, hints: hints)
        }
        return TripScreenLayout(
            map: parts[0], panel: below ? parts[1] : nil, panelBeside: false, summary: below ? nil : parts[1],
            timeline: timeline, strip: strip, statusBar: statusBar, hints: hints)
    }
}
