// The Deliveries API's resource names (`maps.fleetengine.delivery.v1`): delivery vehicles, tasks and a shipment's
// tracking info, validated as the on-demand names are (FleetResourceName): the same id rules hold for vehicle, task
// and tracking ids.

/// `providers/{provider}/deliveryVehicles/{vehicle}`.
public struct DeliveryVehicleName: FleetResourceName {
    public static var kind: ResourceNameKind { .deliveryVehicle }
    public let parts: ResourceNameParts

    /// The delivery vehicle id.
    public var vehicleID: String { parts.id }

    public init(parts: ResourceNameParts) { self.parts = parts }

    public init(provider: String, vehicleID: String) throws(NameError) {
        try self.init(provider: provider, id: vehicleID)
    }
}

/// `providers/{provider}/tasks/{task}`.
public struct TaskName: FleetResourceName {
    public static var kind: ResourceNameKind { .task }
    public let parts: ResourceNameParts

    /// The task id.
    public var taskID: String { parts.id }

    public init(parts: ResourceNameParts) { self.parts = parts }

    public init(provider: String, taskID: String) throws(NameError) {
        try self.init(provider: provider, id: taskID)
    }
}

/// `providers/{provider}/taskTrackingInfo/{tracking_id}`: what a consumer asks for, by the shipment's tracking id
/// rather than by any one task's.
public struct TaskTrackingInfoName: FleetResourceName {
    public static var kind: ResourceNameKind { .taskTrackingInfo }
    public let parts: ResourceNameParts

    /// The shipment's tracking id.
    public var trackingID: String { parts.id }

    public init(parts: ResourceNameParts) { self.parts = parts }

    public init(provider: String, trackingID: String) throws(NameError) {
        try self.init(provider: provider, id: trackingID)
    }
}
