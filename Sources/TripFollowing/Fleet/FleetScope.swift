/// What each of a ``FleetTracker``'s polls lists — which of Fleet Engine's two APIs, and whether a task list —
/// so that a poll makes only the calls its screen or printer shows.
public struct FleetScope: Sendable, Hashable {
    /// Whether the Deliveries API's vehicles are listed.
    public enum Deliveries: Sendable, Hashable {
        /// Not listed.
        case off
        /// Listed while the backend lets them be: the first refusal of the Deliveries API (a token or project
        /// without it: PERMISSION_DENIED, NOT_FOUND, UNIMPLEMENTED) turns them off for the tracker's life, and the
        /// on-demand fleet goes on alone. The default, so a provider's vans show without asking.
        case whenAvailable
        /// Listed; a refusal is a failed listing like any other.
        case required
    }

    /// The filter of the OPEN tasks that give delivery vehicles their stops and tasks.
    public static let openTasks = "state = OPEN"

    /// Whether ListVehicles is called.
    public var onDemand: Bool
    public var deliveries: Deliveries
    /// The task list's ListTasks filter (AIP-160; empty: every task); nil: no task list. When it is
    /// ``openTasks`` or empty, the same listing gives delivery vehicles their tasks, so a poll lists tasks once.
    public var taskFilter: String?
    /// Whether each poll also reads the events recorded since the last (tripterm's own endpoint, for the screen's
    /// events pane). A backend without them (Google's, a replay) turns them off at its first refusal, quietly.
    public var events: Bool

    public init(onDemand: Bool = true, deliveries: Deliveries = .off, taskFilter: String? = nil, events: Bool = false) {
        self.onDemand = onDemand
        self.deliveries = deliveries
        self.taskFilter = taskFilter
        self.events = events
    }

    /// Which vehicles a fleet shows, as `tripterm fleet --kind` names them.
    public enum Kind: String, Sendable, CaseIterable {
        /// On-demand vehicles, and delivery vehicles while the backend lets them be listed.
        case auto
        /// On-demand vehicles only (ListVehicles): no delivery vehicle, no task list.
        case trips
        /// Delivery vehicles only.
        case deliveries
        /// Both; a refusal of either API is a failed listing.
        case all
    }

    /// The listings that show `kind` of vehicles, with a task list of `taskFilter` (nil: none; never with
    /// ``Kind/trips``).
    public init(kind: Kind, taskFilter: String?) {
        switch kind {
        case .auto: self.init(onDemand: true, deliveries: .whenAvailable, taskFilter: taskFilter)
        case .trips: self.init(onDemand: true, deliveries: .off, taskFilter: nil)
        case .deliveries: self.init(onDemand: false, deliveries: .required, taskFilter: taskFilter)
        case .all: self.init(onDemand: true, deliveries: .required, taskFilter: taskFilter)
        }
    }

    /// What `tripterm fleet` lists. On the screen: `kind`'s vehicles and a task list — the OPEN tasks the vehicles
    /// need anyway (no call more), `taskFilter`'s, or with `tasks` every task — and the events for its pane.
    /// Printed: with `tasks` the task list alone (every task, or `taskFilter`'s), else `kind`'s vehicles alone.
    public static func command(kind: Kind, tasks: Bool, taskFilter: String?, onScreen: Bool) -> FleetScope {
        if onScreen {
            var scope = FleetScope(kind: kind, taskFilter: taskFilter ?? (tasks ? "" : openTasks))
            scope.events = true
            return scope
        }
        return tasks ? .tasks(filter: taskFilter ?? "") : FleetScope(kind: kind, taskFilter: nil)
    }

    /// ListVehicles alone: the on-demand fleet, as before the Deliveries API (the demo city, a fleet replay).
    public static let onDemandOnly = FleetScope()

    /// Only the task list: `tripterm fleet --tasks` without a screen.
    public static func tasks(filter: String) -> FleetScope {
        FleetScope(onDemand: false, deliveries: .off, taskFilter: filter)
    }
}
