import HummingbirdCore
import HummingbirdHTTP2
import Logging
import NIOCore
import NIOSSL
import NIOTLS

/// Every REST connection's pipeline, in front of Hummingbird: the connection limit and the handshake's turn at
/// accept (``ConnectionGate``), the idle timeout, TLS when the server has a certificate, and the request-head
/// timeout, then HTTP/1.1 — with the fast path's handlers around its codec (``FastPathHTTP1Channel``) — or, when a
/// TLS client offers it by ALPN, HTTP/2.
///
/// ```
/// accept ─▶ ConnectionGate (WaitForTurn) ─▶ IdleStateHandler, CloseWhenIdleHandler ─▶ [NIOSSLServerHandler ─▶ ALPN]
///        ─┬─ http/1.1 ─▶ FastPathHTTP1Channel (RepeatedPollHandler, deadline, codec, deadline, CachedAnswerHandler)
///         └─ h2 ───────▶ HTTP2HeaderDeadline ─▶ HummingbirdHTTP2's HTTP2Channel
/// ```
///
/// TLS sits in front of the fast path, so a cached poll over TLS is answered on the event loop as one over plaintext
/// is; over HTTP/2 every request takes Hummingbird's ordinary path.
struct FleetHTTPChannel: ServerChildChannel {
    /// The connection once its protocol is known: at once over plaintext, after the TLS handshake's ALPN otherwise.
    struct Value: ServerChildChannelValue {
        let negotiated: EventLoopFuture<Negotiated>
        let channel: any Channel
    }

    enum Negotiated: Sendable {
        case http1(HTTP1Channel.Value)
        case http2(HTTP2Channel.Value)
    }

    let http1: FastPathHTTP1Channel
    let http2: HTTP2Channel
    let policy: ConnectionPolicy
    let gate: ConnectionGate
    /// Made once from ``ConnectionPolicy/tls``: a context per connection would redo the key's set-up each time.
    let tls: NIOSSLContext?

    init(
        responder: @escaping HTTPChannelHandler.Responder, fastPath: PollFastPath?, policy: ConnectionPolicy,
        gate: ConnectionGate
    ) throws {
        self.http1 = FastPathHTTP1Channel(responder: Self.inTaskOfItsOwn(responder), fastPath: fastPath)
        self.http2 = HTTP2Channel(responder: responder)
        self.policy = policy
        self.gate = gate
        self.tls = try policy.tls.map { try NIOSSLContext(configuration: $0.restConfiguration) }
    }

    /// Called on the new connection's event loop.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        if let refused = gate.admit(channel) {
            logger.debug("\(refused)")
            return channel.eventLoop.makeFailedFuture(refused)
        }
        let deadline = RequestHeadDeadline(channel: channel, timeout: TimeAmount(policy.headerTimeout))
        let http1 = self.http1
        let http2 = self.http2
        return channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(IdleStateHandler(allTimeout: TimeAmount(policy.idleTimeout)))
            try pipeline.addHandler(CloseWhenIdleHandler())
            deadline.arm()
            guard let tls else {
                let value = http1.setup(channel: channel, deadline: deadline, logger: logger).map(Negotiated.http1)
                return Value(negotiated: value, channel: channel)
            }
            try pipeline.addHandler(NIOSSLServerHandler(context: tls))
            let alpn = NIOTypedApplicationProtocolNegotiationHandler<Negotiated> { result in
                switch result {
                case .negotiated("h2"):
                    deadline.stop()
                    do {
                        try channel.pipeline.syncOperations.addHandler(
                            HTTP2HeaderDeadline(timeout: TimeAmount(policy.headerTimeout)))
                    } catch {
                        return channel.eventLoop.makeFailedFuture(error)
                    }
                    return http2.setup(channel: channel, logger: logger).map(Negotiated.http2)
                case .negotiated("http/1.1"), .fallback:
                    return http1.setup(channel: channel, deadline: deadline, logger: logger).map(Negotiated.http1)
                case .negotiated(let other):
                    channel.close(promise: nil)
                    return channel.eventLoop.makeFailedFuture(UnexpectedALPN(token: other))
                }
            }
            try pipeline.addHandler(alpn)
            return Value(negotiated: alpn.protocolNegotiationResult, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.negotiated.get() {
            case .http1(let connection): await http1.handle(value: connection, logger: logger)
            case .http2(let connection): await http2.handle(value: connection, logger: logger)
            }
        } catch {
            logger.debug("connection closed before its protocol was settled: \(error)")
        }
    }
}

extension FleetHTTPChannel {
    /// Runs each HTTP/1.1 request in a child task of its own. A task keeps every stack slab it has needed until it
    /// ends, so a connection task that ran the middleware chain itself would hold the chain's frames (about 12 KiB)
    /// for as long as the connection idles; the child gives them back with its answer. The child starts at once on
    /// the connection's thread and writes the answer itself, so nothing waits for a hop before the answer goes out:
    /// a child that handed its answer back for the connection's task to write cost the city 4× at p99. (HTTP/2 runs
    /// each stream in a task already.)
    static func inTaskOfItsOwn(_ respond: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        { request, writer, channel in
            let handOver = WriterHandOver(writer)
            try await withThrowingDiscardingTaskGroup { group in
                group.addImmediateTask { try await respond(request, handOver.take(), channel) }
            }
        }
    }
}

/// Carries a request's non-copyable writer into the child task that answers it. Unchecked: the writer is taken
/// once, by that child, after the connection's task has handed it over and stopped touching it.
private final class WriterHandOver: @unchecked Sendable {
    private var writer: ResponseWriter?

    init(_ writer: consuming ResponseWriter) { self.writer = .some(writer) }

    func take() -> ResponseWriter { writer.take()! }
}

/// A TLS client agreed by ALPN on a protocol this server did not offer.
struct UnexpectedALPN: Error, CustomStringConvertible {
    let token: String
    var description: String { "ALPN settled on \"\(token)\", which the server does not offer" }
}
