import FleetModel

/// The local rule until SearchVehicles: of the listed vehicles, those online, with no current trip and a location
/// reported within `maximumStaleness` (SearchVehicles' default, 5 min), the one nearest the pickup in a straight
/// line (SearchVehicles' PICKUP_POINT_STRAIGHT_DISTANCE order); ties go to the lower name so runs repeat.
public struct NearestFreeVehicleMatcher: VehicleMatcher {
    /// Every vehicle of the fleet (ListVehicles, all pages).
    public var listVehicles: @Sendable () async throws(TripServiceError) -> [Vehicle]
    public var maximumStaleness: Duration
    public var now: @Sendable () -> ProtoTimestamp

    public init(
        maximumStaleness: Duration = .seconds(300), now: @escaping @Sendable () -> ProtoTimestamp,
        listVehicles: @escaping @Sendable () async throws(TripServiceError) -> [Vehicle]
    ) {
        self.listVehicles = listVehicles
        self.maximumStaleness = maximumStaleness
        self.now = now
    }

    public func vehicle(forPickupAt pickup: LatLng) async throws(TripServiceError) -> Vehicle? {
        Self.nearestFree(to: pickup, among: try await listVehicles(), at: now(), maximumStaleness: maximumStaleness)
    }

    /// The rule itself, on a listing already made.
    public static func nearestFree(
        to pickup: LatLng, among vehicles: [Vehicle], at now: ProtoTimestamp, maximumStaleness: Duration
    ) -> Vehicle? {
        var best: (vehicle: Vehicle, meters: Double)?
        for vehicle in vehicles where vehicle.vehicleState == .online && vehicle.currentTrips.isEmpty {
            guard let location = vehicle.lastLocation, let point = location.location,
                let reported = location.serverTime ?? location.updateTime, now - reported <= maximumStaleness
            else { continue }
            let meters = Geo.distance(point, pickup)
            if let current = best,
                meters > current.meters || (meters == current.meters && vehicle.name > current.vehicle.name)
            {
                continue
            }
            best = (vehicle, meters)
        }
        return best?.vehicle
    }
}
