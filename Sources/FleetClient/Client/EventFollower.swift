import FleetEvents
import FleetModel

/// `tripterm events`: reads a provider's events page by page from a cursor, and with `follow` keeps asking every
/// `interval` for those recorded since, handing each to `onEvent` once, in id order.
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

    /// Reads from after `after` until there is nothing more (or, following, until cancelled); the last id read.
    /// A failure while following is retried at the next interval; without `follow` it is thrown.
    @discardableResult
    public func run(
        after: Int64 = 0, onEvent: @Sendable (FleetEventRecord) -> Void,
        onFailure: @Sendable (TripServiceError) -> Void = { _ in }
    ) async throws -> Int64 {
        var cursor = after
        while !Task.isCancelled {
            let page: FleetEventPage
            do {
                page = try await client.listEvents(provider: provider, after: cursor, pageSize: 1000)
            } catch {
                guard follow else { throw error }
                onFailure(error)
                try await Task.sleep(for: interval)
                continue
            }
            for event in page.events {
                onEvent(event)
                cursor = max(cursor, event.eventId)
            }
            if page.events.count < 1000 {
                guard follow else { return cursor }
                try await Task.sleep(for: interval)
            }
        }
        return cursor
    }
}
