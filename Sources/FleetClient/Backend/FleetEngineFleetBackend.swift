import FleetEvents
import FleetModel
import TripFollowing

/// The ``FleetBackend`` over Fleet Engine's ListVehicles (Google's or the local server): the same request every
/// poll — `query`'s filter, vehicle types, state — with the page token of the page before. Delivery vehicles are
/// listed with the same attribute filter and viewport (ListDeliveryVehicles has no types or state), tasks with
/// the tracker's filter, 500 a page.
public struct FleetEngineFleetBackend: FleetBackend {
    public let client: FleetEngineClient
    /// `providers/PROJECT`'s project.
    public let provider: String
    /// Everything but the page token, which the tracker supplies.
    public let query: ListVehiclesRequest

    public init(client: FleetEngineClient, provider: String, query: ListVehiclesRequest = .init()) {
        self.client = client
        self.provider = provider
        self.query = query
    }

    public func listVehicles(pageToken: String?) async throws(TripServiceError) -> ListVehiclesResponse {
        var page = query
        page.pageToken = pageToken ?? ""
        return try await client.listVehicles(provider: provider, page)
    }

    public func listDeliveryVehicles(
        pageToken: String?
    ) async throws(TripServiceError) -> ListDeliveryVehiclesResponse {
        try await client.listDeliveryVehicles(
            provider: provider,
            ListDeliveryVehiclesRequest(
                pageSize: query.pageSize, pageToken: pageToken ?? "", filter: query.filter, viewport: query.viewport))
    }

    public func listTasks(filter: String, pageToken: String?) async throws(TripServiceError) -> ListTasksResponse {
        try await client.listTasks(
            provider: provider, ListTasksRequest(pageSize: 500, pageToken: pageToken ?? "", filter: filter))
    }

    public func listEvents(after: Int64) async throws(TripServiceError) -> [FleetEventRecord] {
        try await client.listEvents(provider: provider, after: after, pageSize: FleetTracker.eventPageSize).events
    }

    public func listEvents(newest count: Int) async throws(TripServiceError) -> [FleetEventRecord] {
        try await client.listEvents(provider: provider, newest: count).events
    }
}
