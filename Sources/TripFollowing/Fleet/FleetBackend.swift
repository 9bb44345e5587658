import FleetModel

/// Where a ``FleetTracker`` reads the fleet: one page of ListVehicles at a time. The HTTP backend
/// (`FleetEngineFleetBackend`, in FleetClient) asks Fleet Engine or the local server; tests script one.
public protocol FleetBackend: Sendable {
    /// One page of vehicles; `pageToken` nil for the first. An empty `nextPageToken` ends the listing.
    func listVehicles(pageToken: String?) async throws(TripServiceError) -> ListVehiclesResponse
}
