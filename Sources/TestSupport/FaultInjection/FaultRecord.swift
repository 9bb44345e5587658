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

extension FaultRecord {
    /// The records that decided each call of a client that retries once after a 401, as `FleetEngineClient`
    /// does: every record, except that a 401 and the retry after it count as one call, decided by the retry.
    /// Valid when the client's calls do not overlap (one poll or update at a time).
    public static func decidingAttempts(_ records: [FaultRecord]) -> [FaultRecord] {
        var deciding: [FaultRecord] = []
        var i = 0
        while i < records.count {
            if records[i].answeredStatus == 401, i + 1 < records.count {
                deciding.append(records[i + 1])
                i += 2
            } else {
                deciding.append(records[i])
                i += 1
            }
        }
        return deciding
    }
}
