import FleetModel

/// One vehicle as ListVehicles would have listed it from `time` on, until its next report.
public struct VehicleReport: Sendable, Equatable {
    public var time: ProtoTimestamp
    public var vehicle: Vehicle

    public init(time: ProtoTimestamp, vehicle: Vehicle) {
        self.time = time
        self.vehicle = vehicle
    }
}
