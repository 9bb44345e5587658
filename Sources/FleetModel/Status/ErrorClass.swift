/// What a failure asks of the person watching: nothing (it is retried and should heal) or an action.
///
/// | class | codes | why |
/// |---|---|---|
/// | recoverable | CANCELLED, DEADLINE_EXCEEDED, ABORTED, UNAVAILABLE, and transport interruptions (refused, reset, timeout, TLS/DNS failure) | the network or server was briefly unable; the same request succeeds later |
/// | recoverable | UNKNOWN, INTERNAL, DATA_LOSS | server-side faults the caller cannot fix; retrying is all a client can do |
/// | client | INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, OUT_OF_RANGE | the request names the wrong thing: fix the trip name or the request |
/// | client | UNAUTHENTICATED, PERMISSION_DENIED | fix the token: expired, forged, or for another trip/role |
/// | client | RESOURCE_EXHAUSTED | quota: wait or raise it; retrying fast makes it worse |
/// | client | UNIMPLEMENTED | the backend does not serve this API: wrong URL or version |
public enum ErrorClass: String, Sendable, Hashable, CustomStringConvertible {
    /// Network or server trouble; retried automatically with backoff.
    case recoverable
    /// Needs someone to act (name, token, permission, quota); retried only slowly.
    case client

    public var description: String { rawValue }
}
