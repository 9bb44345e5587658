import FleetModel

/// SearchVehicles: the provider's vehicles and their active trips, read in one transaction, searched with Fleet
/// Engine's rules (``VehicleSearch``) on the server's road network when it has one.
extension FleetMethods {
    public func searchVehicles(
        _ request: SearchVehiclesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> SearchVehiclesResponse {
        try Authorizer.authorize(principal, .searchVehicles)
        let provider = try Self.provider(ofParent: request.parent)
        // The request's own rules first: a bad request is answered without reading the fleet.
        _ = try SearchCriteria(request)
        let (vehicles, trips) = try await store.read { tx in
            (try tx.vehicles(provider: provider), try tx.trips(provider: provider, activeOnly: true))
        }
        return try VehicleSearch.search(request, vehicles: vehicles, trips: trips, now: now, roads: roads)
    }
}
