import FleetModel

/// Picks the vehicle a new trip goes to — the demo dispatcher's one decision, behind a protocol so that Fleet
/// Engine's own SearchVehicles (being added to the local server) can take the place of ``NearestFreeVehicleMatcher``
/// without the dispatcher changing.
public protocol VehicleMatcher: Sendable {
    /// The vehicle to assign a trip picking up at `pickup`, or nil when none is free.
    func vehicle(forPickupAt pickup: LatLng) async throws(TripServiceError) -> Vehicle?
}
