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
        let provider = try Self.provider(ofParent: parent)
        guard after >= 0 else {
            throw FleetError.invalidArgument("after must be an event id (0 or more), not \(after)")
        }
        guard (0...Self.maximumEventPage).contains(pageSize) else {
            throw FleetError.invalidArgument("pageSize must be in 0...\(Self.maximumEventPage), not \(pageSize)")
        }
        let limit = pageSize == 0 ? 100 : pageSize
        return FleetEventPage(
            events: try await store.read { tx in try tx.events(provider: provider, after: after, limit: limit) })
    }
}
