import FleetModel

/// The assigned vehicle's navigation status from a moment on, as its driver app reported it.
///
/// A trip does not carry `navigationStatus` (it is a `Vehicle` field), so trip files cannot hold it; Cloud Logging
/// exports can, through the vehicle's UpdateVehicle entries, and keep it beside the trip's events for `check`'s
/// OFF_ROUTE episodes.
public struct NavigationChange: Sendable, Equatable {
    public var time: ProtoTimestamp
    public var vehicleId: String
    public var status: NavigationStatus

    public init(time: ProtoTimestamp, vehicleId: String, status: NavigationStatus) {
        self.time = time
        self.vehicleId = vehicleId
        self.status = status
    }
}
