import NIOCore

/// How `tripterm serve` treats connections, on both protocols: whether they are encrypted, and the limits that keep
/// one client — slow, idle or one of too many — from holding what the others need (`serve --tls-cert`,
/// `--max-connections`, `--header-timeout`, `--idle-timeout`, `--handshake-rate`; docs/server.md, "TLS and limits").
///
/// ```swift
/// var policy = ConnectionPolicy()
/// policy.tls = try ServerTLS(certificatePath: "server.pem", keyPath: "server.key")
/// policy.headerTimeout = .seconds(1)
/// ```
public struct ConnectionPolicy: Sendable {
    /// The certificate and key both protocols serve TLS with; nil: plaintext.
    public var tls: ServerTLS?
    /// Connections open at once, REST and gRPC together; one more is closed as soon as it is accepted.
    public var maxConnections = 10_000
    /// How long a connection has for its TLS handshake and each request's head (request line and headers, from its
    /// first byte) before it is closed: what a slow-loris client would hold.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a connection may go without a byte read or written before it is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// TLS handshakes begun per second at most, REST and gRPC together (``HandshakePacer``); new connections past
    /// it wait their turn with their first bytes unread.
    public var handshakeRate = ConnectionPolicy.defaultHandshakeRate

    /// 1,000 a second per core: a restart's reconnections are all back within seconds, while a crowd of them takes
    /// at most a fraction of each core (a handshake's key exchange and signature take ≈90 µs here).
    public static var defaultHandshakeRate: Int { 1_000 * System.coreCount }

    public init() {}

    /// Whether `host` can only be reached from this machine: the loopback addresses and `localhost`. Anything else
    /// puts bearer tokens on a network, and `serve` wants TLS for it.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
