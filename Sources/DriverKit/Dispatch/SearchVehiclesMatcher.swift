import FleetClient
import FleetModel

/// Fleet Engine's own dispatch call as the matcher: SearchVehicles for one exclusive trip, best pickup ETA first,
/// as a provider's back end asks it. Free vehicles only (Fleet Engine's rule for an exclusive search without
/// back-to-back), reported within `maximumStaleness`.
public struct SearchVehiclesMatcher: VehicleMatcher {
    public var client: FleetEngineClient
    public var provider: String
    /// How far from the pickup a vehicle may be (Fleet Engine allows 400 to 10,000 m).
    public var radiusMeters: Int32
    public var vehicleTypes: [Vehicle.VehicleType]

    public init(
        client: FleetEngineClient, provider: String, radiusMeters: Int32 = 10_000,
        vehicleTypes: [Vehicle.VehicleType] = [Vehicle.VehicleType(category: .auto)]
    ) {
        self.client = client
        self.provider = provider
        self.radiusMeters = radiusMeters
        self.vehicleTypes = vehicleTypes
    }

    public func vehicle(forPickupAt pickup: LatLng) async throws(TripServiceError) -> Vehicle? {
        let search = SearchVehiclesRequest(
            pickupPoint: TerminalLocation(point: pickup), pickupRadiusMeters: radiusMeters, count: 1,
            minimumCapacity: 1, tripTypes: [.exclusive], vehicleTypes: vehicleTypes, orderBy: .pickupPointEta)
        return try await client.searchVehicles(provider: provider, search).matches.first?.vehicle
    }
}
