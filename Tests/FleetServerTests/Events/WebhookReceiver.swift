import FleetEvents
import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TestSupport

/// A webhook receiver on loopback for the events tests: it keeps every request and answers as told — 204, a
/// status, or nothing until it is stopped.
final class WebhookReceiver: Sendable {
    enum Mode: Sendable {
        case accept
        case status(Int)
        case hang
    }

    private struct State {
        var mode: Mode = .accept
        var requests: [ReceivedRequest] = []
        /// The bodies of the requests answered 204.
        var acceptedBodies: [String] = []
    }

    private let state: NIOLockedValueBox<State>
    let server: LoopbackHTTPServer

    private init(server: LoopbackHTTPServer, state: NIOLockedValueBox<State>) {
        self.server = server
        self.state = state
    }

    /// Starts a receiver, on `port` when given (to come back up where a stopped one was).
    static func start(port: Int = 0, mode: Mode = .accept) async throws -> WebhookReceiver {
        let state = NIOLockedValueBox(State(mode: mode))
        let server = try await LoopbackHTTPServer.start(port: port) { request in
            let mode = state.withLockedValue { state in
                state.requests.append(request)
                if case .accept = state.mode { state.acceptedBodies.append(request.body) }
                return state.mode
            }
            switch mode {
            case .accept: return .raw(status: 204, contentType: "text/plain", body: "")
            case .status(let status): return .raw(status: status, contentType: "text/plain", body: "no")
            case .hang: return .wire([], then: .stall(.seconds(60)))
            }
        }
        return WebhookReceiver(server: server, state: state)
    }

    var url: URL { URL(string: "\(server.baseURL)/hooks")! }

    func set(_ mode: Mode) { state.withLockedValue { $0.mode = mode } }

    var requests: [ReceivedRequest] { state.withLockedValue { $0.requests } }

    /// The events of the requests answered 2xx, in the order they came (one per event id: a retry after a timeout
    /// can bring one twice).
    var accepted: [FleetEventRecord] {
        var seen = Set<Int64>()
        return state.withLockedValue { $0.acceptedBodies }.compactMap { body in
            try? JSONDecoder().decode(FleetEventRecord.self, from: Data(body.utf8))
        }.filter { seen.insert($0.eventId).inserted }
    }

    /// Waits until `condition` holds of the events received (up to `timeout` seconds); whether it did.
    func wait(timeout: Double = 20, until condition: ([FleetEventRecord]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if condition(accepted) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition(accepted)
    }

    /// Waits until at least `count` requests came, whatever the answers (up to `timeout` seconds); whether they did.
    func wait(forRequests count: Int, timeout: Double = 20) async throws -> Bool {
        try await waitForRequests(timeout: timeout) { $0.count >= count }
    }

    /// Waits until `condition` holds of the requests received, whatever the answers; whether it did.
    func waitForRequests(timeout: Double = 20, where condition: ([ReceivedRequest]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while !condition(requests), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        return condition(requests)
    }

    func stop() async { await server.stop() }
}
