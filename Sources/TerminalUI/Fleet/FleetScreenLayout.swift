import TerminalCore

/// Where the fleet screen's parts go: the list beside the map on a wide terminal, below it on a narrow one; the
/// status bar and the key hints at the bottom, as on the trip screens; in a replay, the timeline above them.
struct FleetScreenLayout: Equatable {
    var map: Rect
    var list: Rect
    /// The replay's timeline bar (`replay --fleet`); nil live.
    var timeline: Rect?
    var statusBar: Rect
    var hints: Rect

    /// Below this the screen shows ``TooSmallNotice``.
    static let minimumSize = TerminalSize(width: 40, height: 10)
    /// The list's width when it stands beside the map.
    static let listWidth = 60

    static func compute(size: TerminalSize, replay: Bool = false) -> FleetScreenLayout? {
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else { return nil }
        var rows = Layout.vertical(
            replay ? [.fill(), .length(1), .length(1), .length(1)] : [.fill(), .length(1), .length(1)]
        )
        .split(Rect(width: size.width, height: size.height))
        let timeline = replay ? rows.remove(at: 1) : nil
        let parts =
            size.width >= 100
            ? Layout.horizontal([.fill(), .length(listWidth)]).split(rows[0])
            : Layout.vertical([.fill(), .ratio(1, 2)]).split(rows[0])
        return FleetScreenLayout(map: parts[0], list: parts[1], timeline: timeline, statusBar: rows[1], hints: rows[2])
    }
}
