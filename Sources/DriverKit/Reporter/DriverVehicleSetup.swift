import FleetClient
import FleetModel

/// Makes sure the driver's vehicle exists: fetched, or created when the backend says NOT_FOUND — the local server
/// starts empty. An on-demand vehicle is created OFFLINE for EXCLUSIVE and SHARED trips, four seats, AUTO; a delivery
/// vehicle as an AUTO with no stops (creating one takes the provider's token: a driver's may only read it).
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

    public static func fetchOrCreate(
        client: FleetEngineClient, name: DeliveryVehicleName, log: (String) -> Void
    ) async throws(TripServiceError) -> DeliveryVehicle {
        do {
            return try await client.getDeliveryVehicle(name)
        } catch  where error.code == .notFound {
            let created = try await client.createDeliveryVehicle(DeliveryVehicle(type: .auto), name: name)
            log("delivery vehicle \(name) created")
            return created
        }
    }
}
