import FleetEvents
import FleetModel

/// tripterm's own method, which Fleet Engine has not: the events the server recorded (docs/server.md, "Events").
extension FleetMethods {
    /// Largest page of events one call returns.
    static let maximumEventPage = 1000

    /// The provider's events after `after` (an event id; 0 for the oldest), oldest first, at most `pageSize`
    /// (100 when 0). A server token (or a fleet reader's) only: events name every trip and vehicle.
    public func listEvents(
        parent: String, after: Int64, pageSize: Int, principal: Principal
    ) async throws -> FleetEventPage {
        try Authorizer.authorize(principal, .listEvents)
        let (provider, limit) = try Self.eventsRequest(parent: parent, after: after, pageSize: pageSize)
        return FleetEventPage(
            events: try await store.read { tx in try tx.events(provider: provider, after: after, limit: limit) })
    }

    /// The provider and the number of events to read, once the request's checks passed (apart from the store, so
    /// the fuzzer runs the same checks).
    static func eventsRequest(
        parent: String, after: Int64, pageSize: Int
    ) throws(FleetError) -> (provider: String, limit: Int) {
        let provider = try provider(ofParent: parent)
        guard after >= 0 else {
            throw .invalidArgument("after must be an event id (0 or more), not \(after)")
        }
        guard (0...maximumEventPage).contains(pageSize) else {
            throw .invalidArgument("pageSize must be in 0...\(maximumEventPage), not \(pageSize)")
        }
        return (provider, pageSize == 0 ? 100 : pageSize)
    }
}
