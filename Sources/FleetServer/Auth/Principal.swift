/// Who is calling, as far as authorization goes: what a verified token's claims scope it to — trips and vehicles
/// (on-demand), delivery vehicles, tasks and tracking ids (deliveries) — and whether it is a fleet reader's.
public struct Principal: Sendable, Equatable, CustomStringConvertible {
    /// A trip id, `"*"` for every trip, or nil.
    public var tripID: String?
    /// A vehicle id, `"*"` for every vehicle, or nil.
    public var vehicleID: String?
    /// A delivery vehicle id, `"*"` for every one, or nil.
    public var deliveryVehicleID: String?
    /// Task ids (`taskid` and `taskids`), `"*"` among them for every task.
    public var taskIDs: [String]
    /// A shipment's tracking id, `"*"` for every one, or nil.
    public var trackingID: String?
    /// A read-only token: Fleet Engine's Fleet Reader roles, which read everything and write nothing.
    public var isFleetReader: Bool

    public init(
        tripID: String? = nil, vehicleID: String? = nil, deliveryVehicleID: String? = nil, taskIDs: [String] = [],
        trackingID: String? = nil, isFleetReader: Bool = false
    ) {
        func present(_ id: String?) -> String? { id.flatMap { $0.isEmpty ? nil : $0 } }
        self.tripID = present(tripID)
        self.vehicleID = present(vehicleID)
        self.deliveryVehicleID = present(deliveryVehicleID)
        self.taskIDs = taskIDs.filter { !$0.isEmpty }
        self.trackingID = present(trackingID)
        self.isFleetReader = isFleetReader
    }

    /// An on-demand server token (`tripid` and `vehicleid` both `"*"`) may call every trip and vehicle method.
    public var isServer: Bool { tripID == "*" && vehicleID == "*" && !isFleetReader }

    /// A deliveries server token (`deliveryvehicleid` and `taskid` both `"*"`, a Delivery Super User's) may call
    /// every delivery method.
    public var isDeliveryServer: Bool { deliveryVehicleID == "*" && taskIDs.contains("*") && !isFleetReader }

    /// For messages: the claims, never the token.
    public var description: String {
        var parts = [
            tripID.map { "tripid=\($0)" }, vehicleID.map { "vehicleid=\($0)" },
            deliveryVehicleID.map { "deliveryvehicleid=\($0)" },
            taskIDs.isEmpty ? nil : "taskid=\(taskIDs.joined(separator: ","))", trackingID.map { "trackingid=\($0)" },
        ].compactMap { $0 }
        if isFleetReader { parts.insert("fleet reader", at: 0) }
        return parts.isEmpty ? "no authorization claims" : parts.joined(separator: ", ")
    }
}
