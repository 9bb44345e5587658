import TerminalCore

/// Where the fleet screen's parts go: the list beside the map on a wide terminal, below it on a narrow one; the
/// status bar and the key hints at the bottom, as on the trip screens; in a replay, the timeline above them.
struct FleetScreenLayout: Equatable {
    var map: Rect
    var list: Rect
    /// The events pane, under the list (``FleetEventsPane``); nil when it is hidden or there are no events to read.
    var events: Rect?
    /// The replay's timeline bar (`replay --fleet`); nil live.
    var timeline: Rect?
    var statusBar: Rect
    var hints: Rect

    /// Below this the screen shows ``TooSmallNotice``.
    static let minimumSize = TerminalSize(width: 40, height: 10)
    /// The list's width when it stands beside the map.
    static let listWidth = 60

    /// The events pane's height, at most: the title and the latest events.
    static let eventsHeight = 8

    /// `events`: the events pane's height at most (0: no pane).
    static func compute(size: TerminalSize, replay: Bool = false, events: Int = 0) -> FleetScreenLayout? {
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
        var list = parts[1]
        var eventsPane: Rect?
        if events > 0 {
            // The list keeps at least half its place: its header and a few rows.
            let split = Layout.vertical([.fill(), .length(min(events, list.height / 2))]).split(list)
            list = split[0]
            eventsPane = split[1]
        }
        return FleetScreenLayout(
            map: parts[0], list: list, events: eventsPane, timeline: timeline, statusBar: rows[1], hints: rows[2])
    }
}
