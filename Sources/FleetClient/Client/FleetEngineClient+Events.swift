import FleetEvents
import FleetModel

/// tripterm's own events endpoint (`GET /v1/providers/{p}/events`), which only the local server has; a server
/// started without events answers UNIMPLEMENTED, Google's Fleet Engine NOT_FOUND.
extension FleetEngineClient {
    /// The provider's events after `after` (0: from the oldest), oldest first, at most `pageSize` (0: the server's
    /// default, 100). A server token.
    public func listEvents(
        provider: String, after: Int64, pageSize: Int = 0
    ) async throws(TripServiceError) -> FleetEventPage {
        var fields = QueryEncoding()
        fields.add("after", after > 0 ? String(after) : nil)
        fields.add("pageSize", pageSize > 0 ? String(pageSize) : nil)
        return try await listEvents(provider: provider, fields)
    }

    /// The provider's newest `count` events (1…1000), oldest first: where a reader starts that wants only the
    /// recent ones, before following with ``listEvents(provider:after:pageSize:)`` from the last one's id.
    public func listEvents(provider: String, newest count: Int) async throws(TripServiceError) -> FleetEventPage {
        var fields = QueryEncoding()
        fields.add("newest", String(count))
        return try await listEvents(provider: provider, fields)
    }

    private func listEvents(provider: String, _ fields: QueryEncoding) async throws(TripServiceError) -> FleetEventPage
    {
        let request = FleetRequest(
            method: .get, path: FleetRequest.path(provider: provider, collection: "events"), query: query(fields))
        return try await send(request, context: AuthTokenContext(role: options.role), as: FleetEventPage.self)
            .message
    }
}
