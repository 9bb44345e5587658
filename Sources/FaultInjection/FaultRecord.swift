/// One request the proxy answered: what was asked, and whether it was forwarded or got a fault — with the error
/// class the client must report for it (``Fault/expected``), so a test can compare.
public struct FaultRecord: Sendable {
    /// Position among all requests the proxy received, from 0.
    public var index: Int
    /// When the request arrived.
    public var at: ContinuousClock.Instant
    public var method: String
    public var path: String
    public var query: String
    public var body: String
    /// The injected fault; nil when the request was forwarded.
    public var fault: Fault?
    /// The HTTP status the client was sent, when one was (forwarded, or a status fault).
    public var answeredStatus: Int?

    public var expected: FaultExpectation? { fault?.expected }
}

/// A switch between healthy and broken, as the proxy's log keeps it.
public struct PhaseChange: Sendable {
    public var broken: Bool
    public var at: ContinuousClock.Instant
}
