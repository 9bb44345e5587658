import FleetModel

/// SearchVehicles: the provider's live index (its vehicles, their active trips and a grid, kept current by every
/// write: ``SearchIndex``) searched with Fleet Engine's rules (``VehicleSearch``) on the server's road network when it
/// has one.
extension FleetMethods {
    func perform(
        _ request: SearchVehiclesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> SearchVehiclesResponse {
        try Authorizer.authorize(principal, .searchVehicles)
        let provider = try Self.provider(ofParent: request.parent)
        // The request's own rules first: a bad request is answered without reading the fleet.
        _ = try SearchCriteria(request)
        return try await store.vehicleSearch(provider: provider).search(request, now: now, roads: roads)
    }
}
