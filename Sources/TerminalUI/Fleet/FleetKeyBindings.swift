/// What a key does on the fleet screen.
enum FleetAction: Equatable, Sendable {
    case quit, redraw, back, follow, openTrip, openDriverConsole, search, sort, fit, toggleHelp, toggleTasks
    case toggleEvents
    case select(FleetSelection)
    case zoom(Int)
    case pan(columns: Int, rows: Int)
    /// A replay's transport (`replay --fleet`): the trip replay's own actions, carried out on the fleet's clock.
    case replay(TripAction)
}

/// How far a selection key moves in the list.
enum FleetSelection: Equatable, Sendable { case up, down, pageUp, pageDown, first, last }

/// The fleet screen's keys as one table: ``FleetApp`` looks keys up in it, and the `?` overlay and `docs/keys.md`
/// list it (a test checks the doc), as the trip screens' ``KeyBindings`` do.
struct FleetKeyBindings: Sendable {
    struct Entry: Sendable {
        var keys: String
        var help: String
        var bindings: [Key: FleetAction]

        init(keys: String, help: String, bindings: [Key: FleetAction]) {
            self.keys = keys
            self.help = help
            self.bindings = bindings
        }

        /// A row the trip screens have too (``MapNavigation/panKeys(_:)``).
        init(_ row: (keys: String, help: String, bindings: [Key: FleetAction])) {
            self.init(keys: row.keys, help: row.help, bindings: row.bindings)
        }
    }

    static let entries: [Entry] = [
        Entry(keys: "Enter", help: "follow the selected vehicle across its trips", bindings: [.enter: .follow]),
        Entry(
            keys: "t", help: "open the rider view of its current trip (Esc returns)",
            bindings: [.character("t"): .openTrip]),
        Entry(
            keys: "Tab", help: "open its driver console, in the demo city (Esc returns)",
            bindings: [.tab: .openDriverConsole]),
        Entry(
            keys: "T", help: "switch the list to the tasks and back (Enter follows a task's vehicle)",
            bindings: [.character("T"): .toggleTasks]),
        Entry(
            keys: "e", help: "show / hide the events pane (events tripterm serve recorded; the vehicles marked !)",
            bindings: [.character("e"): .toggleEvents]),
        Entry(
            keys: "Esc", help: "stop following; clear the search; close the rider view or console",
            bindings: [.escape: .back]),
        Entry(
            keys: "↑ ↓", help: "select (while following: follow) the previous / next vehicle",
            bindings: [.up: .select(.up), .down: .select(.down)]),
        Entry(
            keys: "PgUp PgDn Home End", help: "select a page up / down, the first / last",
            bindings: [
                .pageUp: .select(.pageUp), .pageDown: .select(.pageDown), .home: .select(.first), .end: .select(.last),
            ]),
        Entry(
            keys: "/", help: "search the list by id (Enter keeps the search, Esc clears it)",
            bindings: [.character("/"): .search]),
        Entry(keys: "s", help: "sort by the next column", bindings: [.character("s"): .sort]),
        Entry(
            keys: "+ -", help: "zoom in / out (also the mouse wheel)",
            bindings: [.character("+"): .zoom(1), .character("="): .zoom(1), .character("-"): .zoom(-1)]),
        Entry(MapNavigation.panKeys(FleetAction.pan)),
        Entry(keys: "f", help: "fit the fleet (or the followed vehicle) again", bindings: [.character("f"): .fit]),
        Entry(keys: "?", help: "show / hide this help", bindings: [.character("?"): .toggleHelp]),
        Entry(keys: "Ctrl-L", help: "redraw the screen", bindings: [.ctrl("l"): .redraw]),
        Entry(keys: "q", help: "quit (also Ctrl-C)", bindings: [.character("q"): .quit]),
    ]

    /// The transport keys of `replay --fleet`, which a live fleet does not have: the trip replay's where they are
    /// free here (`+ -` zoom the fleet's map, so the speed is on `] [`).
    static let replayEntries: [Entry] = [
        Entry(keys: "space", help: "pause / play", bindings: [.character(" "): .replay(.togglePause)]),
        Entry(
            keys: ". ,", help: "step to the next / previous report",
            bindings: [.character("."): .replay(.stepForward), .character(","): .replay(.stepBackward)]),
        Entry(
            keys: "] [", help: "faster / slower",
            bindings: [.character("]"): .replay(.faster), .character("["): .replay(.slower)]),
        Entry(
            keys: "← →", help: "seek back / forward (2 % of the recording)",
            bindings: [
                .left: .replay(.seekBy(fraction: -KeyBindings.seekStep)),
                .right: .replay(.seekBy(fraction: KeyBindings.seekStep)),
            ]),
        Entry(
            keys: "0–9", help: "jump to 0 %, 10 % … 90 %",
            bindings: Dictionary(
                uniqueKeysWithValues: (0...9).map {
                    (Key.character(Character(String($0))), FleetAction.replay(.seekTo(fraction: Double($0) / 10)))
                })),
    ]

    private static let table: [Key: FleetAction] = entries.reduce(into: [:]) { table, entry in
        table.merge(entry.bindings) { first, _ in first }
    }

    private static let replayTable: [Key: FleetAction] = replayEntries.reduce(into: table) { table, entry in
        table.merge(entry.bindings) { first, _ in first }
    }

    /// The help overlay's rows: the transport first in a replay, as on the trip replay's.
    static func entries(replay: Bool) -> [Entry] { replay ? replayEntries + entries : entries }

    static func action(for key: Key, replay: Bool = false) -> FleetAction? { (replay ? replayTable : table)[key] }
}
