/// The keys of the trip screens, as one table: the event loop looks keys up in it, and the help overlay and
/// `docs/keys.md` list it, so the three cannot disagree (a test checks the doc).
public struct KeyBindings: Sendable {
    /// One row of the help: the keys as shown, what they do, and the bindings behind them.
    public struct Entry: Sendable, Hashable {
        public var keys: String
        public var help: String
        public var bindings: [Key: TripAction]

        init(keys: String, help: String, bindings: [Key: TripAction]) {
            self.keys = keys
            self.help = help
            self.bindings = bindings
        }

        /// A row the fleet screen has too (``MapNavigation/panKeys(_:)``).
        init(_ row: (keys: String, help: String, bindings: [Key: TripAction])) {
            self.init(keys: row.keys, help: row.help, bindings: row.bindings)
        }
    }

    public let kind: TripScreenKind
    /// The other view Tab switches to, when there is one.
    public let switchTarget: String?
    public let entries: [Entry]
    private let table: [Key: TripAction]

    /// How far ←/→ seek a replay, as a fraction of its span.
    static let seekStep = 0.02
    /// How many lines PgUp/PgDn scroll the event's log entry.
    static let detailPage = 10

    /// The key table of a `kind` screen; `switchTarget` (e.g. "driver console") adds Tab to switch to it.
    public init(kind: TripScreenKind, switchTarget: String? = nil) {
        self.kind = kind
        self.switchTarget = switchTarget
        let c = MapNavigation.panStep.columns, r = MapNavigation.panStep.rows
        var entries: [Entry] = []
        if kind == .replay {
            entries += [
                Entry(keys: "space", help: "pause / play", bindings: [.character(" "): .togglePause]),
                Entry(
                    keys: ". ,", help: "step to the next / previous event",
                    bindings: [.character("."): .stepForward, .character(","): .stepBackward]),
                Entry(
                    keys: "+ -", help: "faster / slower",
                    bindings: [
                        .character("+"): .faster, .character("="): .faster, .character("-"): .slower,
                        .character("_"): .slower,
                    ]),
                Entry(
                    keys: "← →", help: "seek back / forward (2 % of the trip)",
                    bindings: [.left: .seekBy(fraction: -Self.seekStep), .right: .seekBy(fraction: Self.seekStep)]),
                Entry(
                    keys: "n N", help: "go to the next / previous finding of `check`",
                    bindings: [.character("n"): .nextFinding, .character("N"): .previousFinding]),
                Entry(
                    keys: "d", help: "panel: trip, findings, report card",
                    bindings: [.character("d"): .cycleReplayPane]),
                Entry(
                    keys: "e", help: "show / hide the event table and the event's log entry",
                    bindings: [.character("e"): .toggleEvents]),
                Entry(
                    keys: "↑ ↓", help: "select the previous / next event (the replay pauses there)",
                    bindings: [.up: .selectEvent(by: -1), .down: .selectEvent(by: 1)]),
                Entry(
                    keys: "Home End", help: "select the first / last event",
                    bindings: [.home: .selectFirstEvent, .end: .selectLastEvent]),
                Entry(
                    keys: "PgUp PgDn", help: "scroll the log entry",
                    bindings: [
                        .pageUp: .scrollEventDetail(by: -Self.detailPage),
                        .pageDown: .scrollEventDetail(by: Self.detailPage),
                    ]),
                Entry(
                    keys: "r", help: "log entry: the request sent / the response kept",
                    bindings: [.character("r"): .switchEventPart]),
                Entry(
                    keys: "0–9", help: "jump to 0 %, 10 % … 90 %",
                    bindings: Dictionary(
                        uniqueKeysWithValues: (0...9).map {
                            (Key.character(Character(String($0))), TripAction.seekTo(fraction: Double($0) / 10))
                        })),
            ]
        } else {
            entries += [
                Entry(keys: "r", help: "poll the backend now", bindings: [.character("r"): .refreshNow]),
                Entry(
                    keys: "+ -", help: "zoom in / out",
                    bindings: [.character("+"): .zoomIn, .character("="): .zoomIn, .character("-"): .zoomOut]),
                Entry(
                    keys: "← ↑ → ↓", help: "pan the map",
                    bindings: [
                        .left: .pan(columns: -c, rows: 0), .right: .pan(columns: c, rows: 0),
                        .up: .pan(columns: 0, rows: -r), .down: .pan(columns: 0, rows: r),
                    ]),
            ]
        }
        if let switchTarget {
            entries.append(Entry(keys: "Tab", help: "switch to the \(switchTarget)", bindings: [.tab: .switchView]))
        }
        entries += [
            Entry(
                keys: "a z", help: "zoom in / out (also the mouse wheel)",
                bindings: [.character("a"): .zoomIn, .character("z"): .zoomOut]),
            Entry(MapNavigation.panKeys(TripAction.pan)),
            Entry(keys: "f", help: "follow the trip again (auto-fit the camera)", bindings: [.character("f"): .follow]),
            Entry(
                keys: "m", help: "switch the map dots: braille, half blocks, ASCII",
                bindings: [.character("m"): .cycleMarker]),
            Entry(keys: "t", help: "show / hide the trail", bindings: [.character("t"): .toggleTrail]),
            Entry(keys: "?", help: "show / hide this help", bindings: [.character("?"): .toggleHelp]),
            Entry(keys: "Ctrl-L", help: "redraw the screen", bindings: [.ctrl("l"): .redraw]),
            Entry(
                keys: "q Esc", help: "quit (also Ctrl-C)",
                bindings: [.character("q"): .quit, .character("Q"): .quit, .escape: .quit]),
        ]
        self.entries = entries
        table = entries.reduce(into: [:]) { table, entry in table.merge(entry.bindings) { first, _ in first } }
    }

    /// The action for a key, if it has one here.
    public func action(for key: Key) -> TripAction? { table[key] }

    /// The short reminder on the bottom line.
    public var hintLine: [(key: String, help: String)] {
        switch kind {
        case .replay:
            [
                ("space", "pause"), ("+/-", "speed"), ("←/→", "seek"), ("n", "finding"), ("e", "events"), ("?", "help"),
                ("q", "quit"),
            ]
        case .rider where switchTarget != nil:
            [("+/-", "zoom"), ("arrows", "pan"), ("f", "follow"), ("Tab", "driver"), ("?", "help"), ("q", "quit")]
        case .rider:
            [("+/-", "zoom"), ("arrows", "pan"), ("f", "follow"), ("r", "refresh"), ("?", "help"), ("q", "quit")]
        }
    }
}
