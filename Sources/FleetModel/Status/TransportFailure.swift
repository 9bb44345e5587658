/// Ways a request can fail before any HTTP status arrives. All are recoverable: the path to the server was
/// interrupted, and the same request may succeed once it is back.
public enum TransportFailure: String, Sendable, Hashable, CaseIterable {
    case connectionRefused = "connection refused"
    case connectionReset = "connection reset"
    case timedOut = "timed out"
    case dnsFailure = "name resolution failed"
    case tlsFailure = "TLS handshake failed"
    case malformedResponse = "malformed response"
    case other = "network error"

    /// A timeout is DEADLINE_EXCEEDED, as gRPC reports an expired deadline; everything else is UNAVAILABLE.
    public var statusCode: StatusCode { self == .timedOut ? .deadlineExceeded : .unavailable }
}
