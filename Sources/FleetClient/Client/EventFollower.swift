import FleetEvents
import FleetModel

/// `tripterm events`: reads a provider's events page by page from a cursor (or starts at the newest few), and with
/// `follow` keeps asking every `interval` for those recorded since, handing each to `onEvent` once, in id order.
public struct EventFollower: Sendable {
    public let client: FleetEngineClient
    /// The provider id (`providers/` in front is accepted).
    public let provider: String
    public let follow: Bool
    public let interval: Duration

    public init(client: FleetEngineClient, provider: String, follow: Bool, interval: Duration = .seconds(1)) {
        self.client = client
        self.provider = provider.hasPrefix("providers/") ? String(provider.dropFirst("providers/".count)) : provider
        self.follow = follow
        self.interval = interval
    }

    /// Reads from after `after` — or, with `newest`, the newest that many first — until there is nothing more (or,
    /// following, until cancelled); the last id read. A failure while following is retried at the next interval,
    /// unless it says that there are no events to wait for (``isFinal(_:)``); without `follow` it is thrown.
    @discardableResult
    public func run(
        after: Int64 = 0, newest: Int? = nil, onEvent: @Sendable (FleetEventRecord) -> Void,
        onFailure: @Sendable (TripServiceError) -> Void = { _ in }
    ) async throws -> Int64 {
        var cursor = after
        var newest = newest
        while !Task.isCancelled {
            let page: FleetEventPage
            do {
                if let count = newest {
                    page = try await client.listEvents(provider: provider, newest: count)
                } else {
                    page = try await client.listEvents(provider: provider, after: cursor, pageSize: 1000)
                }
            } catch {
                guard follow, !Self.isFinal(error) else { throw error }
                onFailure(error)
                try await Task.sleep(for: interval)
                continue
            }
            for event in page.events {
                onEvent(event)
                cursor = max(cursor, event.eventId)
            }
            // The newest are the last there are; a full page after the cursor may have more behind it.
            let caughtUp = newest != nil || page.events.count < 1000
            newest = nil
            if caughtUp {
                guard follow else { return cursor }
                try await Task.sleep(for: interval)
            }
        }
        return cursor
    }

    /// A failure that waiting will not mend: events are off on the server (UNIMPLEMENTED) or it has no events
    /// endpoint (NOT_FOUND: not tripterm's server).
    public static func isFinal(_ error: TripServiceError) -> Bool {
        error.code == .unimplemented || error.code == .notFound
    }
}
