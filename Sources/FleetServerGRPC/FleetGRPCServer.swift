import FleetServer
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// `tripterm serve`'s gRPC side: `maps.fleetengine.v1.TripService` and `VehicleService`, and
/// `maps.fleetengine.delivery.v1.DeliveryService`, over HTTP/2 — plaintext, as emulators are, or TLS with the
/// REST server's certificate (``FleetServer/ConnectionPolicy``) — on the same ``FleetServer/FleetServerCore`` as
/// the REST server, so Google's own client libraries (gRPC-only for Python, Java, Go and Node) and REST clients see
/// one fleet.
///
/// A service of the server's `ServiceGroup`: it runs until cancelled or asked to shut down gracefully, when it
/// stops accepting calls and lets those in flight finish.
///
/// ```swift
/// let grpc = FleetGRPCServer(core: core, port: 0, onListening: { host, port in print("grpc://\(host):\(port)") })
/// try await grpc.run()
/// ```
public struct FleetGRPCServer: Service {
    public static let defaultPort = 8788

    let core: FleetServerCore
    let host: String
    let port: Int
    /// The largest request message answered; a bigger one is RESOURCE_EXHAUSTED, and nothing of it is written.
    let maxMessageBytes: Int
    /// TLS and the connection limits, as for REST.
    let policy: ConnectionPolicy
    /// Shared with the REST server when `serve` runs both, so that `--max-connections` counts them together.
    let gate: ConnectionGate
    let logger: Logger
    let onListening: @Sendable (_ host: String, _ port: Int) async -> Void

    public init(
        core: FleetServerCore, host: String = "127.0.0.1", port: Int = defaultPort, maxMessageBytes: Int = 1 << 20,
        policy: ConnectionPolicy = .init(), gate: ConnectionGate? = nil,
        logger: Logger = Logger(label: "tripterm.serve.grpc"),
        onListening: @escaping @Sendable (String, Int) async -> Void = { _, _ in }
    ) {
        self.core = core
        self.host = host
        self.port = port
        self.maxMessageBytes = maxMessageBytes
        self.policy = policy
        self.gate = gate ?? ConnectionGate(policy: policy)
        self.logger = logger
        self.onListening = onListening
    }

    public func run() async throws {
        let call = GRPCCall(core: core, logger: logger, maxMessageBytes: maxMessageBytes)
        let limit = Self.transportLimit(for: maxMessageBytes)
        let transport = HTTP2ServerTransport.Posix(
            address: Self.address(host: host, port: port), transportSecurity: Self.security(policy.tls),
            config: .defaults { config in
                config.rpc.maxRequestPayloadSize = limit
                Self.limitConnections(&config, policy: policy, gate: gate)
            })
        let server = GRPCServer(
            transport: transport,
            services: [
                TripServiceHandler(call: call), VehicleServiceHandler(call: call), DeliveryServiceHandler(call: call),
            ])
        let (host, port) = (self.host, self.port)
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    do { try await server.serve() } catch {
                        throw FleetGRPCServerError(host: host, port: port, cause: error)
                    }
                }
                // Without an address the transport failed to bind, and `serve` throws why.
                guard let bound = try? await server.listeningAddress else { return }
                await onListening(host, bound.ipv4?.port ?? bound.ipv6?.port ?? port)
            }
        } onGracefulShutdown: {
            server.beginGracefulShutdown()
        }
    }

    /// TLS with the files `serve --tls-cert` and `--tls-key` name (the transport offers HTTP/2 by ALPN), or plaintext.
    static func security(_ tls: ServerTLS?) -> HTTP2ServerTransport.Posix.TransportSecurity {
        guard let tls else { return .plaintext }
        return .tls(
            certificateChain: [.file(path: tls.certificatePath, format: .pem)],
            privateKey: .file(path: tls.keyPath, format: .pem))
    }

    /// The connection limits in the transport's terms: the gate at accept; the header timeout
    /// (``HTTP2HeaderDeadline``: the TLS handshake, the preface and every header block, as REST's); and the
    /// transport's own idle time — no call open for that long, and the connection is closed with a GOAWAY (and a
    /// PING), which Google's clients take as a cue to reconnect on their next call. The transport then waits for the
    /// client to answer or close, which one that ignores both never does: REST's idle rule closes it, nothing read or
    /// written for twice the idle timeout (twice, so that the graceful close comes first).
    static func limitConnections(
        _ config: inout HTTP2ServerTransport.Posix.Config, policy: ConnectionPolicy, gate: ConnectionGate
    ) {
        config.connection.maxIdleTime = policy.idleTimeout
        // Twice as long, so that the transport's graceful close comes first.
        let byteIdleTimeout = TimeAmount(policy.idleTimeout * 2)
        let headerTimeout = TimeAmount(policy.headerTimeout)
        config.channelDebuggingCallbacks.onAcceptTCPConnection = { channel in
            if let refused = gate.admit(channel) { return channel.eventLoop.makeFailedFuture(refused) }
            return channel.eventLoop.makeCompletedFuture {
                let pipeline = channel.pipeline.syncOperations
                try pipeline.addHandlers(
                    [IdleStateHandler(allTimeout: byteIdleTimeout), CloseWhenIdleHandler()], position: .first)
                let deadline = HTTP2HeaderDeadline(timeout: headerTimeout)
                if let tls = try? pipeline.handler(type: NIOSSLServerHandler.self) {
                    try pipeline.addHandler(deadline, position: .after(tls))
                } else {
                    try pipeline.addHandler(deadline, position: .first)
                }
            }
        }
    }

    /// The size past which the transport drops a message unread. Above it the client sees only a reset stream
    /// (UNAVAILABLE), so it is well above the answered limit, and ``GRPCCall`` refuses what lies between with
    /// RESOURCE_EXHAUSTED and a message saying the limit.
    static func transportLimit(for maxMessageBytes: Int) -> Int { max(4 * maxMessageBytes, 4 << 20) }

    /// The address to bind: IPv6 when the host is one, `localhost` as 127.0.0.1, else IPv4.
    static func address(host: String, port: Int) -> GRPCNIOTransportCore.SocketAddress {
        if host.contains(":") { return .ipv6(host: host, port: port) }
        return .ipv4(host: host == "localhost" ? "127.0.0.1" : host, port: port)
    }
}

/// The gRPC server could not serve: "cannot serve gRPC on 127.0.0.1:8788: bind(…) failed: Address already in use".
public struct FleetGRPCServerError: Error, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var cause: any Error

    public var description: String {
        // The transport's error wraps the socket's: say the innermost.
        var reason = cause
        while let error = reason as? RPCError, let inner = error.cause { reason = inner }
        return "cannot serve gRPC on \(host):\(port): \(reason)"
    }
}
