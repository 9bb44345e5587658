import FleetModel

/// Picks the vehicle a new trip goes to — the city dispatcher's one decision (``CityDispatcher``): Fleet Engine's
/// own SearchVehicles (``SearchVehiclesMatcher``), or a local rule over a listing (``NearestFreeVehicleMatcher``)
/// for a backend without it.
public protocol VehicleMatcher: Sendable {
    /// The vehicle to assign a trip picking up at `pickup`, or nil when none is free.
    func vehicle(forPickupAt pickup: LatLng) async throws(TripServiceError) -> Vehicle?
}
