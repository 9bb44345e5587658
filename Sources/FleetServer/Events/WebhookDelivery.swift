import AsyncHTTPClient
import FleetEvents
import FleetModel
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Delivers the outbox to one receiver: each event POSTed as its JSON body, signed (``WebhookSecret``), at least
/// once, in order per vehicle, trip and task.
///
/// A page of the outbox is split into lanes (``lanes(_:)``): events that share a vehicle, trip or task go in one
/// lane, in id order, the next only once the receiver answered 2xx for the one before; lanes run side by side, up to
/// ``EventConfiguration/maxInFlight`` at a time, so a big fleet's rate is not one round trip an event. The next page
/// starts once the whole page is delivered, which keeps the order across pages.
///
/// A failure (a refused connection, an answer other than 2xx, no answer within the timeout) stops the page's lanes
/// from starting new posts; after a delay that doubles up to a maximum, what is left is tried again, forever: a
/// receiver down for an hour gets everything when it returns. A 410 Gone drops the receiver until the server
/// restarts. Progress (every event up to an id delivered) is written to the store after each page and each failure,
/// so a restart resumes after it; a crash before that only sends delivered events again, with the same `webhook-id`.
struct WebhookDelivery: Sendable {
    let url: URL
    let store: FleetStore
    let client: HTTPClient
    let configuration: EventConfiguration
    let clock: @Sendable () -> Date
    let logger: Logger

    /// How many events one read of the outbox takes: enough lanes to keep every post in flight busy.
    static let pageSize = 500

    /// How one attempt went; for a lane, how its last one went, or that it was stopped before one.
    enum Outcome: Equatable {
        case delivered
        case failed(String)
        case gone
        /// Another lane's failure stopped this one before its next post (or the task was cancelled).
        case stopped
    }

    /// What a round of posts over a page's lanes left: the events not delivered, per lane, and why it stopped.
    struct Round {
        var remaining: [[FleetEventRecord]] = []
        var failure: (event: FleetEventRecord, reason: String)?
        var gone = false
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
            guard let last = page.last else {
                try? await Task.sleep(for: configuration.pollInterval)
                continue
            }
            var pending = Self.lanes(page)
            while !pending.isEmpty, !Task.isCancelled {
                let round = await deliver(pending)
                pending = round.remaining
                if round.gone || round.failure != nil {
                    let progressed = Self.progress(of: page, remaining: pending, after: delivered)
                    await save(progressed, over: delivered)
                    delivered = progressed
                }
                if round.gone {
                    logger.warning(
                        "events: \(url) answered 410 Gone: no more events are sent to it until the server restarts")
                    return
                }
                guard let failure = round.failure else {
                    failures = 0
                    continue
                }
                let delay = retryDelay(after: failures)
                failures += 1
                let waiting = pending.reduce(0) { $0 + $1.count } - 1
                logger.notice(
                    "events: delivering event \(failure.event.eventId) to \(url) failed (\(failure.reason)); retrying in \(delay)\(waiting > 0 ? ", with \(waiting) more waiting" : "")"
                )
                try? await Task.sleep(for: delay)
            }
            guard pending.isEmpty else { break }
            await save(last.eventId, over: delivered)
            delivered = last.eventId
        }
    }

    /// Posts the lanes' events, up to ``EventConfiguration/maxInFlight`` lanes at a time, each lane in order, until
    /// all are delivered or an attempt fails; after a failure no lane starts another post.
    func deliver(_ lanes: [[FleetEventRecord]]) async -> Round {
        let stopped = NIOLockedValueBox(false)
        return await withTaskGroup(of: (lane: [FleetEventRecord], outcome: Outcome).self) { group in
            var waiting = lanes[...]
            var round = Round()
            func startNext() {
                guard !stopped.withLockedValue({ $0 }), let lane = waiting.popFirst() else { return }
                group.addTask { await deliverLane(lane, unless: stopped) }
            }
            for _ in 0..<max(1, configuration.maxInFlight) { startNext() }
            while let (lane, outcome) = await group.next() {
                if !lane.isEmpty { round.remaining.append(lane) }
                switch outcome {
                case .delivered: startNext()
                case .stopped: break
                case .gone: round.gone = true
                case .failed(let reason):
                    if round.failure == nil, let event = lane.first { round.failure = (event, reason) }
                }
            }
            round.remaining += waiting
            round.remaining.sort { $0[0].eventId < $1[0].eventId }
            return round
        }
    }

    /// One lane's events in order; what is left of it once it is done, stopped, or an attempt did not deliver.
    private func deliverLane(
        _ lane: [FleetEventRecord], unless stopped: NIOLockedValueBox<Bool>
    ) async -> (lane: [FleetEventRecord], outcome: Outcome) {
        for (index, event) in lane.enumerated() {
            if stopped.withLockedValue({ $0 }) || Task.isCancelled { return (Array(lane[index...]), .stopped) }
            let outcome = await post(event)
            if outcome != .delivered {
                stopped.withLockedValue { $0 = true }
                return (Array(lane[index...]), outcome)
            }
        }
        return ([], .delivered)
    }

    /// A page's events in lanes that share no vehicle, trip or task, each in id order, the lanes by their first id:
    /// two events with a subject in common — even through a third, as a trip's with its vehicle's — share a lane.
    static func lanes(_ page: [FleetEventRecord]) -> [[FleetEventRecord]] {
        var parent = Array(page.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        var first: [String: Int] = [:]
        for (index, event) in page.enumerated() {
            for subject in [event.vehicle, event.trip, event.task] {
                guard let subject else { continue }
                if let other = first[subject] {
                    let (a, b) = (root(other), root(index))
                    parent[max(a, b)] = min(a, b)
                } else {
                    first[subject] = index
                }
            }
        }
        var laneOfRoot: [Int: Int] = [:]
        var lanes: [[FleetEventRecord]] = []
        for (index, event) in page.enumerated() {
            let top = root(index)
            if let lane = laneOfRoot[top] {
                lanes[lane].append(event)
            } else {
                laneOfRoot[top] = lanes.count
                lanes.append([event])
            }
        }
        return lanes
    }

    /// The highest id of `page` with every event up to it delivered: just below the first event still to send.
    static func progress(
        of page: [FleetEventRecord], remaining: [[FleetEventRecord]], after delivered: Int64
    ) -> Int64 {
        guard let firstLeft = remaining.compactMap(\.first?.eventId).min() else {
            return page.last?.eventId ?? delivered
        }
        return page.last { $0.eventId < firstLeft }?.eventId ?? delivered
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
        let body = event.jsonBody()
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
            // Read and dropped (only the status counts), up to 64 KiB; not NIO's `collect(upTo:)`, which grows an
            // event loop's buffer on this task's thread (a race TSan once reported, docs/TESTING.md).
            var drained = 0
            do {
                for try await part in response.body {
                    drained += part.readableBytes
                    if drained > 1 << 16 { break }
                }
            } catch {}
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
