import FleetModel

/// The moment a trip entered a status, and the vehicle it named then.
public struct StatusChange: Sendable, Hashable {
    public var time: ProtoTimestamp
    public var status: TripStatus
    /// Empty when no vehicle was assigned.
    public var vehicleId: String

    public init(time: ProtoTimestamp, status: TripStatus, vehicleId: String = "") {
        self.time = time
        self.status = status
        self.vehicleId = vehicleId
    }
}
