import FleetClient
import FleetModel

/// Makes sure the driver's vehicle exists: fetched, or created (OFFLINE, EXCLUSIVE and SHARED trips, four seats,
/// AUTO) when the backend says NOT_FOUND — the local server starts empty.
public enum DriverVehicleSetup {
    public static func fetchOrCreate(
        client: FleetEngineClient, name: VehicleName, log: (String) -> Void
    ) async throws(TripServiceError) -> Vehicle {
        do {
            return try await client.getVehicle(name)
        } catch  where error.code == .notFound {
            let vehicle = Vehicle(
                vehicleState: .offline, supportedTripTypes: [.exclusive, .shared], maximumCapacity: 4,
                vehicleType: Vehicle.VehicleType(category: .auto))
            let created = try await client.createVehicle(vehicle, name: name)
            log("vehicle \(name) created")
            return created
        }
    }
}
