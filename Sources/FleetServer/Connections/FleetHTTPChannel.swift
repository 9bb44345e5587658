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
        self.http1 = FastPathHTTP1Channel(responder: responder, fastPath: fastPath)
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

/// A TLS client agreed by ALPN on a protocol this server did not offer.
struct UnexpectedALPN: Error, CustomStringConvertible {
    let token: String
    var description: String { "ALPN settled on \"\(token)\", which the server does not offer" }
}
