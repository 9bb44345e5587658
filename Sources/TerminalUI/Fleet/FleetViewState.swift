import FleetModel
import TripFollowing

/// Everything the fleet screen shows, folded from a ``FleetTracker``'s callbacks by ``FleetViewSubscriber``: the
/// last complete fleet (kept while listings fail) and the failure the status bar shows, as the rider's.
public struct FleetViewState: Sendable, Equatable {
    /// Where the fleet comes from, for the status bar ("http://127.0.0.1:8787 · providers/demo").
    public var backendName: String
    /// Time between listings, for the status bar.
    public var pollInterval: Duration
    /// Every vehicle of the last complete listing, by name order.
    public var vehicles: [FleetVehicle] = []
    /// The rows for ``vehicles``, worked out once per listing.
    public var rows: [FleetRow] = []
    /// Whether the listing has delivery vehicles, which add the list's stops and tasks columns.
    public var hasDeliveries = false
    /// The task list's rows, by name order; nil while the tracker lists no tasks.
    public var taskRows: [FleetTaskRow]?
    /// Complete listings so far.
    public var updateCount = 0
    /// When the last complete listing arrived.
    public var lastUpdate: ProtoTimestamp?
    /// The last failed listing, cleared by the next complete one.
    public var failure: TripViewFailure?
    /// Why delivery vehicles are not listed (the Deliveries API's refusal code), when the tracker turned them off.
    public var deliveriesRefusal: String?

    public init(backendName: String, pollInterval: Duration) {
        self.backendName = backendName
        self.pollInterval = pollInterval
    }

    /// Takes a complete listing.
    public mutating func take(_ fleet: [FleetVehicle], at time: ProtoTimestamp) {
        vehicles = fleet
        rows = fleet.map(FleetRow.init)
        hasDeliveries = rows.contains(where: \.isDelivery)
        updateCount += 1
        lastUpdate = time
        failure = nil
    }

    /// Takes the same listing's task list.
    public mutating func take(tasks: [DeliveryTask]) {
        taskRows = tasks.map(FleetTaskRow.init)
    }
}

/// Whether stale vehicles are drawn greyed (on the map and in the list) or left out (`--hide-stale`).
public enum StaleDisplay: Sendable, Hashable {
    case grey
    case hide
}
