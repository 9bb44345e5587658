import DriverKit
import FleetClient
import FleetModel

/// Vehicles and trips for the tests, created with the server's rules (as `tripterm driver` and the demo do).
extension FleetEngineClient {
    @discardableResult
    func makeVehicle(_ name: VehicleName, state: VehicleState = .offline) async throws -> Vehicle {
        let vehicle = Vehicle(
            vehicleState: state, supportedTripTypes: [.exclusive], maximumCapacity: 4,
            vehicleType: Vehicle.VehicleType(category: .auto))
        return try await createVehicle(vehicle, name: name)
    }
}
