import TerminalCore
/// Where each part of a trip screen goes for a terminal size.
///
/// Wide terminals get the panel on the right of the map; narrow but tall ones get it below; small ones keep the
/// map and fold the panel's essentials into one summary line. Bottom rows: the replay timeline, the status bar and
/// the key hints. Below ``minimumSize`` nothing fits and the screen shows a notice instead.
public struct TripScreenLayout: Hashable, Sendable {
    public var map: Rect
    /// The side (or bottom) panel; nil when the terminal is too small for it.
    public var panel: Rect?
    /// Whether the panel sits right of the map (else below it).
    public var panelBeside: Bool
    /// One line of the panel's essentials when there is no panel.
    public var summary: Rect?
    public var timeline: Rect?
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

    /// The layout for `size`, or nil when the terminal is below ``minimumSize``.
    public static func compute(size: TerminalSize, kind: TripScreenKind) -> TripScreenLayout? {
        guard size.isAtLeast(width: minimumSize.width, height: minimumSize.height) else { return nil }
        let width = size.width
        var bottom = size.height
        let hints = Rect(x: 0, y: bottom - 1, width: width, height: 1)
        bottom -= 1
        let statusBar = Rect(x: 0, y: bottom - 1, width: width, height: 1)
        bottom -= 1
        var timeline: Rect?
        if kind == .replay {
            timeline = Rect(x: 0, y: bottom - 1, width: width, height: 1)
            bottom -= 1
        }
        if width >= sidePanelFromWidth {
            let panelWidth = sidePanelWidth
            return TripScreenLayout(
                map: Rect(x: 0, y: 0, width: width - panelWidth, height: bottom),
                panel: Rect(x: width - panelWidth, y: 0, width: panelWidth, height: bottom), panelBeside: true,
                summary: nil, timeline: timeline, statusBar: statusBar, hints: hints)
        }
        if size.height >= bottomPanelFromHeight {
            let panelHeight = bottomPanelHeight
            return TripScreenLayout(
                map: Rect(x: 0, y: 0, width: width, height: bottom - panelHeight),
                panel: Rect(x: 0, y: bottom - panelHeight, width: width, height: panelHeight), panelBeside: false,
                summary: nil, timeline: timeline, statusBar: statusBar, hints: hints)
        }
        let summary = Rect(x: 0, y: bottom - 1, width: width, height: 1)
        bottom -= 1
        return TripScreenLayout(
            map: Rect(x: 0, y: 0, width: width, height: bottom), panel: nil, panelBeside: false,
            summary: summary, timeline: timeline, statusBar: statusBar, hints: hints)
    }
}
