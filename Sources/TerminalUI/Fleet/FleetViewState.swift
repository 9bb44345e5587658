import FleetEvents
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
    /// The last events read, oldest first, at most ``eventsKept``; nil while the tracker reads none (a backend
    /// other than tripterm's server), which leaves the events pane out.
    public var events: [FleetEventRecord]?
    /// Why the tracker stopped reading events (``FleetTracker/eventsRefusal``), nil while it reads them.
    public var eventsRefusal: TripServiceError?
    /// When each vehicle (by name) last had an event, for the list's mark.
    public var lastEventAt: [String: ProtoTimestamp] = [:]
    public static let eventsKept = 100
    /// How long a vehicle stays marked after an event.
    public static let eventMark: Duration = .seconds(60)

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

    /// Takes the events a poll read.
    public mutating func take(events read: [FleetEventRecord]) {
        events = Array(((events ?? []) + read).suffix(Self.eventsKept))
        for event in read {
            guard let vehicle = event.vehicle, let time = try? ProtoTimestamp(rfc3339: event.timestamp) else {
                continue
            }
            lastEventAt[vehicle] = max(time, lastEventAt[vehicle] ?? time)
        }
    }

    /// The tracker stopped reading events: the pane has none to show.
    public mutating func stopEvents(_ refusal: TripServiceError) {
        events = nil
        eventsRefusal = refusal
    }

    /// Whether the server has the events endpoint but records no events (started without `--events*`): the pane
    /// stays, to say so, rather than showing none forever or vanishing without a word.
    public var eventsAreOff: Bool { events == nil && eventsRefusal?.code == .unimplemented }

    /// The vehicles with an event in the last ``eventMark`` at `now`.
    public func markedVehicles(at now: ProtoTimestamp) -> Set<String> {
        Set(lastEventAt.filter { now - $0.value <= Self.eventMark }.keys)
    }
}

/// Whether stale vehicles are drawn greyed (on the map and in the list) or left out (`--hide-stale`).
public enum StaleDisplay: Sendable, Hashable {
    case grey
    case hide
}
