import FleetModel
import RoadMap

/// Fleet Engine's methods — v1's trips and vehicles, and the Deliveries API's — once for every protocol: each takes
/// the typed request (`FleetModel`'s messages), the verified caller and the request's time, and does what Fleet
/// Engine does — authorization (``Authorizer``), validation, the service rules (``TripService``, ``VehicleService``,
/// ``TaskService``, ``DeliveryVehicleService``) in one store transaction, and the answer's derivation
/// (``TripProgress``, ``TripReadOptions``, ``DeliveryProgress``) — returning the typed response.
///
/// The protocols are adapters around it: REST (``FleetAPI``) reads the path, query and body into the request and
/// encodes the answer; gRPC reads the message. Neither holds a rule of its own, so both answer alike.
///
/// Every failure a method means is a ``FleetError`` (the message names the field). Anything else it throws is a
/// fault — the database's, say — that the protocol logs and answers as INTERNAL without its details.
///
/// Each method is written once, as `perform` for its request type (in the file of its service), and called through
/// its public name (`FleetMethods+CallLog.swift`), which hands the call to `serve --log-export` when there is one.
public struct FleetMethods: Sendable {
    public let store: FleetStore
    /// The road network SearchVehicles routes on for ETAs and distances; without it (or off it) legs are straight
    /// lines, and each match's `orderedBy` says so.
    public let roads: RoadGraph?
    /// What GetTaskTrackingInfo does with an element a task's `taskTrackingViewConfig` gives no rule: nil shows
    /// it (`serve --task-visibility`).
    public let defaultTaskVisibility: TaskTrackingViewConfig.VisibilityOption?
    /// Delivery legs already estimated on `roads`, kept by the server's core across requests.
    let legMemo: LegMemo
    /// Where every call is written as a Cloud Logging entry (`serve --log-export`), or nil.
    let callLog: CallLogExport?

    public init(
        store: FleetStore, roads: RoadGraph? = nil,
        defaultTaskVisibility: TaskTrackingViewConfig.VisibilityOption? = nil
    ) {
        self.init(
            store: store, roads: roads, defaultTaskVisibility: defaultTaskVisibility, legMemo: LegMemo(), callLog: nil)
    }

    init(
        store: FleetStore, roads: RoadGraph?, defaultTaskVisibility: TaskTrackingViewConfig.VisibilityOption?,
        legMemo: LegMemo, callLog: CallLogExport?
    ) {
        self.store = store
        self.roads = roads
        self.defaultTaskVisibility = defaultTaskVisibility
        self.legMemo = legMemo
        self.callLog = callLog
    }

    /// The provider id of a `parent` (`providers/{provider}`), INVALID_ARGUMENT otherwise.
    static func provider(ofParent parent: String) throws(FleetError) -> String {
        let prefix = "providers/"
        guard parent.hasPrefix(prefix) else {
            throw .invalidArgument("parent \"\(parent)\" must be providers/{provider}")
        }
        let provider = String(parent.dropFirst(prefix.count))
        if let problem = ResourceID.problem(withProviderID: provider) {
            throw .invalidArgument("parent \"\(parent)\": the provider id \(problem)")
        }
        return provider
    }

    static func tripName(_ name: String) throws(FleetError) -> TripName {
        try FleetError.checkingName { () throws(NameError) in try TripName(parsing: name) }
    }

    static func vehicleName(_ name: String) throws(FleetError) -> VehicleName {
        try FleetError.checkingName { () throws(NameError) in try VehicleName(parsing: name) }
    }

    static func vehicleName(provider: String, id: String) throws(FleetError) -> VehicleName {
        try FleetError.checkingName { () throws(NameError) in try VehicleName(provider: provider, vehicleID: id) }
    }

    /// An update mask as ``FieldMask`` reads it: required, with no empty path.
    static func fieldMask(_ mask: ProtoFieldMask?) throws(FleetError) -> FieldMask {
        try FieldMask(parsing: mask?.text)
    }
}
