import FleetModel
import Foundation

/// One UpdateVehicle call the reporter made: what it sent, when, and — once it succeeded — what came back.
public struct VehicleUpdate: Hashable, Sendable {
    /// 1 for the reporter's first call, counting every attempt.
    public var number: Int
    public var time: Date
    /// The fields sent (only those in `updateMask` are meaningful), in the on-demand API's spelling.
    public var vehicle: Vehicle
    /// The same fields as sent to a delivery vehicle (UpdateDeliveryVehicle); nil for an on-demand vehicle.
    public var deliveryVehicle: DeliveryVehicle?
    /// The mask as sent, in the called API's field names.
    public var updateMask: [String]
    /// The vehicle as the server stored it; nil until the call succeeded.
    public var response: Vehicle?

    public init(number: Int, time: Date, vehicle: Vehicle, updateMask: [String], response: Vehicle? = nil) {
        self.number = number
        self.time = time
        self.vehicle = vehicle
        self.updateMask = updateMask
        self.response = response
    }
}
