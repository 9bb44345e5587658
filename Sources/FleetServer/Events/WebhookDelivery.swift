import AsyncHTTPClient
import FleetEvents
import FleetModel
import Foundation
import Logging
import NIOCore

/// Delivers the outbox to one receiver: each event POSTed as its JSON body, signed (``WebhookSecret``), in id
/// order, the next one only once the receiver answered 2xx — so in order per vehicle and trip, at least once.
///
/// A failure (a refused connection, an answer other than 2xx, no answer within the timeout) is retried after a
/// delay that doubles up to a maximum, forever: a receiver down for an hour gets everything when it returns. A
/// 410 Gone drops the receiver until the server restarts. Progress (the last id delivered) is written to the
/// store after each run of deliveries, so a restart resumes after it; a crash between a delivery and its progress
/// only sends that event again, with the same `webhook-id`.
struct WebhookDelivery: Sendable {
    let url: URL
    let store: FleetStore
    let client: HTTPClient
    let configuration: EventConfiguration
    let clock: @Sendable () -> Date
    let logger: Logger

    /// How many events one read of the outbox takes.
    static let pageSize = 100

    /// How one attempt went.
    enum Outcome: Equatable {
        case delivered
        case failed(String)
        case gone
    }

    func run() async {
        var delivered: Int64
        do { delivered = try await store.write { tx in try tx.deliveryProgress(url) } } catch {
            logger.error("events: cannot read the delivery progress of \(url): \(error)")
            return
        }
        var failures = 0
        while !Task.isCancelled {
            let page: [FleetEventRecord]
            do {
                let after = delivered
                page = try await store.read { tx in try tx.events(provider: nil, after: after, limit: Self.pageSize) }
            } catch {
                logger.error("events: cannot read the outbox: \(error)")
                page = []
            }
            if page.isEmpty {
                try? await Task.sleep(for: configuration.pollInterval)
                continue
            }
            var progressed = delivered
            for event in page {
                switch await post(event) {
                case .delivered:
                    progressed = event.eventId
                    failures = 0
                    continue
                case .gone:
                    await save(progressed, over: delivered)
                    logger.warning(
                        "events: \(url) answered 410 Gone: no more events are sent to it until the server restarts")
                    return
                case .failed(let reason):
                    await save(progressed, over: delivered)
                    delivered = progressed
                    let delay = retryDelay(after: failures)
                    failures += 1
                    logger.notice(
                        "events: delivering event \(event.eventId) to \(url) failed (\(reason)); retrying in \(delay)")
                    try? await Task.sleep(for: delay)
                }
                break
            }
            await save(progressed, over: delivered)
            delivered = progressed
        }
    }

    /// `first × 2^failures`, at most the maximum.
    func retryDelay(after failures: Int) -> Duration {
        var delay = configuration.firstRetryDelay
        for _ in 0..<min(failures, 30) where delay < configuration.maximumRetryDelay { delay *= 2 }
        return min(delay, configuration.maximumRetryDelay)
    }

    private func save(_ progressed: Int64, over delivered: Int64) async {
        guard progressed > delivered else { return }
        let url = url
        do { try await store.write { tx in try tx.setDeliveryProgress(url, to: progressed) } } catch {
            // Not fatal: the events are sent again after a restart.
            logger.error("events: cannot save the delivery progress of \(url): \(error)")
        }
    }

    /// One attempt at `event`.
    func post(_ event: FleetEventRecord) async -> Outcome {
        let body: Data
        do { body = try event.jsonBody() } catch { return .failed("cannot encode it: \(error)") }
        let id = String(event.eventId)
        let timestamp = Int64(clock().timeIntervalSince1970)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: "tripterm-events")
        request.headers.add(name: "webhook-id", value: id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        if let secret = configuration.secret {
            request.headers.add(
                name: "webhook-signature", value: secret.signature(id: id, timestamp: timestamp, body: body))
        }
        request.body = .bytes(body)
        do {
            let response = try await client.execute(request, timeout: TimeAmount(configuration.deliveryTimeout))
            _ = try? await response.body.collect(upTo: 1 << 16)
            switch response.status.code {
            case 200..<300: return .delivered
            case 410: return .gone
            default: return .failed("HTTP \(response.status.code)")
            }
        } catch {
            return .failed("\(error)")
        }
    }
}
