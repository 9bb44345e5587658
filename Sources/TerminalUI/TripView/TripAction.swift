/// What a key or mouse action asks the trip screens to do.
public enum TripAction: Hashable, Sendable {
    case quit
    /// Leave this screen for the other view of the same trip (the demo's driver console).
    case switchView
    case toggleHelp
    case redraw
    // Map
    case follow
    case zoomIn
    case zoomOut
    case pan(columns: Int, rows: Int)
    case cycleMarker
    case toggleTrail
    // Rider
    case refreshNow
    // Replay transport
    case togglePause
    case stepForward
    case stepBackward
    case faster
    case slower
    case seekBy(fraction: Double)
    case seekTo(fraction: Double)
    // Replay diagnosis
    case nextFinding
    case previousFinding
    case cycleReplayPane
    // Replay event table
    case toggleEvents
    /// Moves the table's selection by this many rows (clamped), pausing the replay at that event.
    case selectEvent(by: Int)
    case selectFirstEvent
    case selectLastEvent
    /// Scrolls the selected event's JSON by this many lines.
    case scrollEventDetail(by: Int)
    /// Shows the log entry's request instead of its response, or back.
    case switchEventPart
}

/// Which screen a key map is for: some keys mean different things (arrows pan the rider's map but seek a replay).
public enum TripScreenKind: Sendable, Hashable {
    case rider
    case replay
}
