import FleetModel
import TripFollowing

/// The ``FleetBackend`` over Fleet Engine's ListVehicles (Google's or the local server): the same request every
/// poll — `query`'s filter, vehicle types, state — with the page token of the page before.
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
}
