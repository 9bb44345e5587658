import FleetEvents
import FleetModel

/// tripterm's own method, which Fleet Engine has not: the events the server recorded (docs/server.md, "Events").
extension FleetMethods {
    /// Largest page of events one call returns.
    static let maximumEventPage = 1000

    /// Which events a read asks for, once its checks passed.
    enum EventRead: Equatable {
        /// Those after an event id, oldest first, at most `limit`.
        case after(Int64, limit: Int)
        /// The newest `count`, oldest first: where a reader starts that shows only recent ones.
        case newest(Int)
    }

    /// The provider's events: the newest `newest` when above 0, else those after `after` (an event id; 0 for the
    /// oldest), at most `pageSize` (100 when 0) — oldest first either way. A server token (or a fleet reader's) only:
    /// events name every trip and vehicle. A server that records no events says so (UNIMPLEMENTED) rather than
    /// answering an empty page, so that a reader stops asking.
    public func listEvents(
        parent: String, after: Int64, pageSize: Int, newest: Int = 0, principal: Principal
    ) async throws -> FleetEventPage {
        try Authorizer.authorize(principal, .listEvents)
        let (provider, read) = try Self.eventsRequest(parent: parent, after: after, pageSize: pageSize, newest: newest)
        guard store.recordsEvents else { throw FleetError.eventsOff }
        return FleetEventPage(
            events: try await store.read { tx in
                switch read {
                case .after(let after, let limit): try tx.events(provider: provider, after: after, limit: limit)
                case .newest(let count): try tx.newestEvents(provider: provider, limit: count)
                }
            })
    }

    /// The provider and what to read, once the request's checks passed (apart from the store, so the fuzzer runs
    /// the same checks).
    static func eventsRequest(
        parent: String, after: Int64, pageSize: Int, newest: Int = 0
    ) throws(FleetError) -> (provider: String, read: EventRead) {
        let provider = try provider(ofParent: parent)
        guard after >= 0 else {
            throw .invalidArgument("after must be an event id (0 or more), not \(after)")
        }
        guard (0...maximumEventPage).contains(pageSize) else {
            throw .invalidArgument("pageSize must be in 0...\(maximumEventPage), not \(pageSize)")
        }
        guard (0...maximumEventPage).contains(newest) else {
            throw .invalidArgument("newest must be in 1...\(maximumEventPage), not \(newest)")
        }
        guard newest > 0 else { return (provider, .after(after, limit: pageSize == 0 ? 100 : pageSize)) }
        guard after == 0, pageSize == 0 else {
            throw .invalidArgument("newest reads the newest events: it takes no after or pageSize")
        }
        return (provider, .newest(newest))
    }
}

extension FleetError {
    /// The events endpoint's answer on a server started without events (no `--events*` option).
    static let eventsOff = FleetError(
        .unimplemented,
        "events are off on this server: tripterm serve records them with --events, --events-url or --geofence")
}
