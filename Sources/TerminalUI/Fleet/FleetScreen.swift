import FleetModel
import Foundation
import MapRendering
import TerminalCore

/// The whole fleet screen as a pure function: state, list, stale rule, clock and the already-rendered base map in,
/// a frame out. The event loop calls it once per frame it needs; golden tests call it with hand-built states.
public struct FleetScreen: Sendable, Equatable {
    public var state: FleetViewState
    public var list: FleetList
    public var now: ProtoTimestamp
    public var staleDisplay: StaleDisplay
    public var styles: ScreenStyles
    public var ascii: Bool
    public var notice: String?
    /// Whether the camera fits the fleet (a tag says how to get back when it does not).
    public var isFitting: Bool
    /// The vehicle followed (Enter), shown in the list's place; nil: the list.
    public var following: FollowedVehicle?
    public var timeZone: ClockZone
    /// The `?` overlay over everything.
    public var showHelp: Bool
    /// Where a fleet replay is (`replay --fleet`): its timeline bar and transport keys; nil live.
    public var replay: ReplayStatus?
    /// The task list's sort, search, selection and scroll.
    public var tasks: FleetTaskList
    /// Whether the list pane shows the tasks (`T`) rather than the vehicles.
    public var showsTasks: Bool
    /// Whether the events pane shows under the list (`e`), when the fleet's backend has events.
    public var showsEvents: Bool

    public init(
        state: FleetViewState, list: FleetList, now: ProtoTimestamp, staleDisplay: StaleDisplay = .grey,
        styles: ScreenStyles = .color256, ascii: Bool = false, notice: String? = nil, isFitting: Bool = true,
        following: FollowedVehicle? = nil, timeZone: ClockZone = .local, showHelp: Bool = false,
        replay: ReplayStatus? = nil, tasks: FleetTaskList = FleetTaskList(), showsTasks: Bool = false,
        showsEvents: Bool = true
    ) {
        self.showsEvents = showsEvents
        self.replay = replay
        self.tasks = tasks
        self.showsTasks = showsTasks
        self.showHelp = showHelp
        self.following = following
        self.timeZone = timeZone
        self.state = state
        self.list = list
        self.now = now
        self.staleDisplay = staleDisplay
        self.styles = styles
        self.ascii = ascii
        self.notice = notice
        self.isFitting = isFitting
    }

    /// Where the parts go on a terminal of `size`; nil when it is too small.
    func layout(size: TerminalSize) -> FleetScreenLayout? {
        FleetScreenLayout.compute(size: size, replay: replay != nil, events: showsEvents ? eventsPaneHeight : 0)
    }

    /// The events pane's height when shown: the latest events, or a title and a line saying that the server
    /// records none; 0 when the backend has no events at all.
    var eventsPaneHeight: Int {
        state.events != nil ? FleetScreenLayout.eventsHeight : state.eventsAreOff ? FleetEventsPane.offHeight : 0
    }

    /// The rows the stale rule lets through (every row when stale ones are greyed).
    public var shownRows: [FleetRow] {
        staleDisplay == .hide ? state.rows.filter { $0.state != .stale } : state.rows
    }

    /// The list's rows: shown rows matching the search, sorted.
    public var visibleRows: [FleetRow] { list.visible(shownRows) }

    /// The task list's rows: the listed tasks matching its search, sorted.
    public var visibleTaskRows: [FleetTaskRow] { tasks.visible(state.taskRows ?? []) }

    /// The task selected in the task list, while it shows.
    public var selectedTask: FleetTaskRow? {
        guard showsTasks, following == nil, let name = tasks.selected else { return nil }
        return state.taskRows?.first { $0.name == name }
    }

    /// The vehicle drawn selected on the map: the followed one, the list's selection, or the selected task's.
    var selectedVehicle: String? {
        if let following { return following.name }
        guard showsTasks else { return list.selected }
        guard let vehicleID = selectedTask?.vehicleID, !vehicleID.isEmpty else { return nil }
        return state.rows.first { $0.isDelivery && $0.id == vehicleID }?.name
    }

    static let followHints: [(key: String, help: String)] = [
        ("Esc", "fleet"), ("t", "rider view"), ("?", "help"), ("q", "quit"), ("+/-", "zoom"), ("hjkl", "pan"),
        ("f", "fit"),
    ]

    /// Map keys last: a narrow terminal drops hints from the right, and `?` lists them all.
    static let hints: [(key: String, help: String)] = [
        ("Enter", "follow"),
        ("↑↓", "select"), ("/", "search"), ("s", "sort"), ("?", "help"), ("q", "quit"), ("+/-", "zoom"),
        ("hjkl", "pan"), ("f", "fit"),
    ]

    /// The task list's: Enter follows the task's vehicle; the search takes `field:text` words.
    static let taskHints: [(key: String, help: String)] = [
        ("T", "vehicles"), ("Enter", "follow its vehicle"), ("↑↓", "select"), ("/", "filter"), ("s", "sort"),
        ("?", "help"), ("q", "quit"), ("+/-", "zoom"), ("hjkl", "pan"), ("f", "fit"),
    ]

    /// The key hints under the current pane: a fleet that lists tasks says `T` opens them.
    var currentHints: [(key: String, help: String)] {
        if let following {
            // A delivery vehicle has no trip for `t` to open.
            return following.row.isDelivery ? Self.followHints.filter { $0.key != "t" } : Self.followHints
        }
        if replay != nil { return Self.replayHints }
        if showsTasks { return Self.taskHints }
        let events: [(key: String, help: String)] = eventsPaneHeight == 0 ? [] : [("e", "events")]
        return (state.taskRows == nil ? [] : [("T", "tasks")]) + events + Self.hints
    }

    /// A replay's: the transport's main keys before the list's.
    static let replayHints: [(key: String, help: String)] = [
        ("space", "pause"), ("] [", "speed"), ("Enter", "follow"), ("↑↓", "select"), ("/", "search"), ("?", "help"),
        ("q", "quit"), ("+/-", "zoom"),
    ]

    /// The frame for a terminal of `size`, with `map` (the base map rendered through `viewport` for
    /// `layout.map`'s size) under the vehicles; `visible` and `visibleTasks`: ``visibleRows`` and
    /// ``visibleTaskRows`` when the caller keeps them from frame to frame (``FleetListOrder``), else worked out here.
    public func compose(
        size: TerminalSize, map: CellBuffer?, viewport: Viewport?, visible: [FleetRow]? = nil,
        visibleTasks: [FleetTaskRow]? = nil
    ) -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        guard let layout = layout(size: size) else {
            buffer.render(TooSmallNotice(minimum: FleetScreenLayout.minimumSize, styles: styles), in: buffer.area)
            return buffer
        }
        let glyphs = FleetGlyphs(ascii: ascii, styles: styles)
        let shown = shownRows
        buffer.render(
            FleetMapView(
                map: map, viewport: viewport, rows: shown, selected: selectedVehicle,
                isFitting: isFitting,
                glyphs: glyphs, styles: styles, ascii: ascii),
            in: layout.map)
        if let following {
            buffer.render(
                FleetFollowPanel(
                    followed: following, now: now, timeZone: timeZone, glyphs: glyphs, styles: styles, ascii: ascii),
                in: layout.list)
        } else if showsTasks {
            buffer.render(
                FleetListPane(
                    rows: visibleTasks ?? visibleTaskRows, list: tasks, columns: .tasks(styles: styles),
                    styles: styles, ascii: ascii),
                in: layout.list)
        } else {
            buffer.render(
                FleetListPane(
                    rows: visible ?? list.visible(shown), list: list,
                    columns: .vehicles(
                        deliveries: state.hasDeliveries, now: now, glyphs: glyphs, styles: styles,
                        marked: state.markedVehicles(at: now)),
                    styles: styles, ascii: ascii),
                in: layout.list)
        }
        if let area = layout.events {
            buffer.render(
                FleetEventsPane(
                    events: state.events ?? [], isOff: state.eventsAreOff, timeZone: timeZone, styles: styles,
                    ascii: ascii),
                in: area)
        }
        buffer.render(
            StatusBar(
                fleet: state, shown: shown.count, now: now, notice: notice, isReplay: replay != nil, styles: styles,
                ascii: ascii),
            in: layout.statusBar)
        if let replay, let timeline = layout.timeline {
            buffer.render(TimelineBar(status: replay, styles: styles, ascii: ascii), in: timeline)
        }
        let hints = currentHints.map {
            ascii && $0.key == "↑↓" ? (key: "up/down", help: $0.help) : $0
        }
        buffer.render(KeyHintLine(hints: hints, styles: styles, ascii: ascii), in: layout.hints)
        if showHelp {
            buffer.render(
                HelpOverlay(
                    title: replay == nil ? "Keys — tripterm fleet" : "Keys — tripterm replay --fleet",
                    rows: FleetKeyBindings.entries(replay: replay != nil).map { ($0.keys, $0.help) },
                    styles: styles, ascii: ascii),
                in: buffer.area)
        }
        return buffer
    }
}
