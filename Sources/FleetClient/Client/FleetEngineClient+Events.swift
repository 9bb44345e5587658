import FleetEvents
import FleetModel

/// tripterm's own events endpoint (`GET /v1/providers/{p}/events`), which only the local server has.
extension FleetEngineClient {
    /// The provider's events after `after` (0: from the oldest), oldest first, at most `pageSize` (0: the server's
    /// default, 100). A server token.
    public func listEvents(
        provider: String, after: Int64, pageSize: Int = 0
    ) async throws(TripServiceError) -> FleetEventPage {
        var fields = QueryEncoding()
        fields.add("after", after > 0 ? String(after) : nil)
        fields.add("pageSize", pageSize > 0 ? String(pageSize) : nil)
        let request = FleetRequest(
            method: .get, path: FleetRequest.path(provider: provider, collection: "events"), query: query(fields))
        return try await send(request, context: AuthTokenContext(role: options.role), as: FleetEventPage.self)
            .message
    }
}
