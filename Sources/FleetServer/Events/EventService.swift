import AsyncHTTPClient
import FleetModel
import Foundation
import Logging
import ServiceLifecycle

/// The part of events that runs beside the server: one ``WebhookDelivery`` per receiver and the ``SilenceWatch``,
/// as a service of the REST application (so `serve`, the demo and the tests' servers all run it), until the server
/// shuts down. Recording needs no service: the store does it in each write's transaction.
struct EventService: Service {
    let store: FleetStore
    let configuration: EventConfiguration
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        // Standard Webhooks: a redirect is a failure, not followed.
        var http = HTTPClient.Configuration()
        http.redirectConfiguration = .disallow
        http.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, configuration.maxInFlight)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: http)
        await withDiscardingTaskGroup { group in
            for url in configuration.urls {
                let delivery = WebhookDelivery(
                    url: url, store: store, client: client, configuration: configuration, clock: clock, logger: logger)
                group.addTask { await cancelWhenGracefulShutdownOrCancel { await delivery.run() } }
            }
            let watch = SilenceWatch(store: store, threshold: configuration.notUpdating, clock: clock, logger: logger)
            group.addTask { await cancelWhenGracefulShutdownOrCancel { await watch.run() } }
        }
        try? await client.shutdown()
    }
}

/// Runs `body` until it returns, or cancels it when the service is told to shut down.
private func cancelWhenGracefulShutdownOrCancel(_ body: @escaping @Sendable () async -> Void) async {
    await cancelWhenGracefulShutdown { await body() }
}
