import NIOConcurrencyHelpers
import NIOCore

/// Counts one server's open connections, REST and gRPC together, and turns away those past the limit
/// (``ConnectionPolicy/maxConnections``): such a connection is closed as soon as it is accepted, before any TLS or
/// HTTP work, and the ones already open go on unharmed. Closing is the clear answer a client can act on; not
/// accepting would leave it waiting in the kernel's backlog, and accepting without bound would run the process out
/// of file descriptors.
public final class ConnectionGate: Sendable {
    public let limit: Int
    private let open = NIOLockedValueBox(0)

    public init(limit: Int) {
        self.limit = limit
    }

    /// Connections open now.
    public var count: Int { open.withLockedValue { $0 } }

    /// Counts `channel` in until it closes and returns true, or closes it at once and returns false when `limit`
    /// connections are already open.
    public func admit(_ channel: any Channel) -> Bool {
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

/// A connection closed because ``ConnectionGate/limit`` connections were open.
struct ConnectionLimitReached: Error, CustomStringConvertible {
    let limit: Int
    var description: String { "connection closed at accept: \(limit) connections are open (--max-connections)" }
}
