import FleetModel
import MapRendering
import TripFollowing

/// One task as the task list shows it, its columns worked out once per listing, and what its search reads.
public struct FleetTaskRow: Sendable, Hashable, FleetListRow {
    public typealias Column = FleetTaskColumn

    /// The resource name (`providers/p/tasks/t`): the row's identity, kept by selection across listings.
    public var name: String
    /// The task id, the name's last part.
    public var id: String
    public var type: DeliveryTask.TaskType
    public var state: DeliveryTask.State
    public var outcome: DeliveryTask.TaskOutcome
    /// The delivery vehicle it is assigned to; empty when none.
    public var vehicleID: String
    public var trackingID: String
    public var plannedPoint: LatLng?
    /// ``plannedPoint`` in Web Mercator, for the map.
    public var projected: MercatorPoint?
    /// What the search reads, by field, lower-cased: each enum by its word and its proto name.
    private var searched: [SearchField: String]

    /// The fields a search word can name, `field:text`; a word without one looks in them all.
    enum SearchField: String, CaseIterable {
        case id, type, state, outcome, vehicle, tracking
    }

    public init(_ task: DeliveryTask) {
        name = task.name
        id = ResourceID.last(in: task.name)
        type = task.type
        state = task.state
        outcome = task.taskOutcome
        vehicleID = task.deliveryVehicleId
        trackingID = task.trackingId
        plannedPoint = task.plannedLocation?.point
        projected = plannedPoint.flatMap(MercatorPoint.init(finite:))
        searched = [
            .id: id.lowercased(), .type: Self.label(type) + " " + type.protoName.lowercased(),
            .state: state.protoName.lowercased(),
            .outcome: outcome == .taskOutcomeUnspecified ? "" : outcome.protoName.lowercased(),
            .vehicle: vehicleID.lowercased(), .tracking: trackingID.lowercased(),
        ]
    }

    /// The type in a word: `pickup`, `delivery`, `stop` (a scheduled stop), `break` (UNAVAILABLE: the driver's).
    static func label(_ type: DeliveryTask.TaskType) -> String {
        switch type {
        case .typeUnspecified: "–"
        case .pickup: "pickup"
        case .delivery: "delivery"
        case .scheduledStop: "stop"
        case .unavailable: "break"
        }
    }

    var typeLabel: String { Self.label(type) }
    var stateLabel: String { state == .stateUnspecified ? "–" : state.protoName.lowercased() }
    var outcomeLabel: String { outcome == .taskOutcomeUnspecified ? "–" : outcome.protoName.lowercased() }

    /// Whether every word of the search (lower-cased) matches: `state:closed`, `vehicle:van-1`, `tracking:p-7`,
    /// `type:`, `outcome:`, `id:` look in that field, any other word in every field.
    public func matches(_ query: String) -> Bool {
        query.split(separator: " ").allSatisfy { word in
            if let colon = word.firstIndex(of: ":"), let field = SearchField(rawValue: String(word[..<colon])) {
                // `state:` alone, while it is being typed, holds every row.
                let text = word[word.index(after: colon)...]
                return text.isEmpty || (searched[field]?.contains(text) ?? false)
            }
            return searched.values.contains { $0.contains(word) }
        }
    }
}
