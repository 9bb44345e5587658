import NIOConcurrencyHelpers
import NIOCore

/// Counts one server's open connections, REST and gRPC together, and turns away those past the limit
/// (``ConnectionPolicy/maxConnections``): such a connection is closed as soon as it is accepted, before any TLS or
/// HTTP work, and the ones already open go on unharmed. Closing is the clear answer a client can act on; not
/// accepting would leave it waiting in the kernel's backlog, and accepting without bound would run the process out
/// of file descriptors. Over TLS it also spaces the handshakes of those it lets in (``HandshakePacer``).
public final class ConnectionGate: Sendable {
    public let limit: Int
    /// Nil over plaintext, where a new connection costs next to nothing before its first request.
    public let pacer: HandshakePacer?
    private let open = NIOLockedValueBox(0)

    public init(limit: Int, pacer: HandshakePacer? = nil) {
        self.limit = limit
        self.pacer = pacer
    }

    /// The gate `policy` asks for: its connection limit, and its handshake rate when it serves TLS.
    public convenience init(policy: ConnectionPolicy) {
        self.init(
            limit: policy.maxConnections,
            pacer: policy.tls == nil
                ? nil
                : HandshakePacer(rate: policy.handshakeRate, longestWait: TimeAmount(policy.headerTimeout)))
    }

    /// Connections open now.
    public var count: Int { open.withLockedValue { $0 } }

    /// Lets `channel` in — counted until it closes, its handshake paced — and returns nil; or closes it at once and
    /// says why: `limit` connections are open, or its handshake's turn would come too late. Called on its event
    /// loop, before it is active.
    public func admit(_ channel: any Channel) -> ConnectionRefused? {
        guard countIn(channel) else { return .atLimit(limit) }
        if let pacer, !pacer.pace(channel) { return .handshakesBehind(rate: pacer.rate) }
        return nil
    }

    private func countIn(_ channel: any Channel) -> Bool {
        let admitted = open.withLockedValue { open in
            guard open < limit else { return false }
            open += 1
            return true
        }
        guard admitted else {
            channel.close(promise: nil)
            return false
        }
        channel.closeFuture.whenComplete { [open] _ in open.withLockedValue { $0 -= 1 } }
        return true
    }
}

/// Why a connection was closed as soon as it was accepted.
public enum ConnectionRefused: Error, CustomStringConvertible {
    /// ``ConnectionGate/limit`` connections were open.
    case atLimit(Int)
    /// Its TLS handshake's turn (``HandshakePacer``) would have come after its header timeout.
    case handshakesBehind(rate: Int)

    public var description: String {
        switch self {
        case .atLimit(let limit):
            "connection closed at accept: \(limit) connections are open (--max-connections)"
        case .handshakesBehind(let rate):
            "connection closed at accept: TLS handshakes are paced at \(rate) a second, and its turn would come after its header timeout (--handshake-rate)"
        }
    }
}
