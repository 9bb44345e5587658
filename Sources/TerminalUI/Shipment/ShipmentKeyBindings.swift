import TerminalCore

/// What a key does on the shipment screen.
enum ShipmentAction: Equatable, Sendable {
    case quit, redraw, refresh, fit, switchView
    case zoom(Int)
    case pan(columns: Int, rows: Int)
}

/// The shipment screen's keys as one table: ``ShipmentApp`` looks keys up in it, its hint line and `docs/keys.md`
/// list it (a test checks the doc).
enum ShipmentKeyBindings {
    struct Entry: Sendable {
        var keys: String
        var help: String
        var bindings: [Key: ShipmentAction]
    }

    static let entries: [Entry] = [
        Entry(keys: "r", help: "poll now", bindings: [.character("r"): .refresh]),
        Entry(
            keys: "+ -", help: "zoom in / out",
            bindings: [.character("+"): .zoom(1), .character("="): .zoom(1), .character("-"): .zoom(-1)]),
        {
            let pan = MapNavigation.panKeys(ShipmentAction.pan)
            return Entry(keys: pan.keys, help: pan.help, bindings: pan.bindings)
        }(),
        Entry(
            keys: "f", help: "fit the van, the route and the shipment's place again", bindings: [.character("f"): .fit]),
        Entry(
            keys: "Tab", help: "switch to the van's driver console (`demo --deliveries`)",
            bindings: [.tab: .switchView]),
        Entry(keys: "Ctrl-L", help: "redraw the screen", bindings: [.ctrl("l"): .redraw]),
        Entry(keys: "q", help: "quit", bindings: [.character("q"): .quit]),
    ]

    static func action(for key: Key) -> ShipmentAction? {
        entries.lazy.compactMap { $0.bindings[key] }.first
    }

    /// The hint line's keys, most needed first; Tab when there is a view to switch to.
    static func hints(switchTarget: String?) -> [(key: String, help: String)] {
        [("r", "poll now"), ("q", "quit")] + (switchTarget.map { [("Tab", $0)] } ?? [])
            + [("+/-", "zoom"), ("hjkl", "pan"), ("f", "fit")]
    }
}
