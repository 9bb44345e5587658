import FleetModel

/// One vehicle as the fleet view shows it: the vehicle as listed, and whether its last report is too old to trust
/// (the JavaScript fleet location provider's `staleLocationThresholdMillis`).
public struct FleetVehicle: Sendable, Hashable {
    public var vehicle: Vehicle
    /// Its last location's update time is older than the tracker's stale threshold, or it has no location.
    public var isStale: Bool

    public init(vehicle: Vehicle, isStale: Bool) {
        self.vehicle = vehicle
        self.isStale = isStale
    }

    /// The vehicle's resource name, its identity in the fleet.
    public var name: String { vehicle.name }

    /// When a vehicle last reported where it was (its location's server time, else device time); nil without a
    /// location. One rule for the tracker's staleness and for a replay's next stale moment.
    public static func lastReport(of vehicle: Vehicle) -> ProtoTimestamp? {
        guard let location = vehicle.lastLocation, location.location != nil else { return nil }
        return location.serverTime ?? location.updateTime
    }
}
