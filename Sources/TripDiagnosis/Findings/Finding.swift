import FleetModel

/// Something in a trip's or a delivery van's data worth a look, with the span of time it covers so that a timeline can mark it and a
/// person can find it in the log.
///
/// ```
/// 2021-11-13T18:25:10Z  2021-11-13T18:27:40Z  warning  missing-updates  no vehicle report for 2 min 30 s (limit 60 s)
/// ```
public struct Finding: Sendable, Hashable {
    public var subject: FindingSubject
    public var kind: FindingKind
    public var severity: FindingSeverity
    public var start: ProtoTimestamp
    /// The same as `start` for a finding about one moment.
    public var end: ProtoTimestamp
    /// One line for people, with the figures that made it a finding.
    public var detail: String

    public init(
        subject: FindingSubject, kind: FindingKind, severity: FindingSeverity? = nil, start: ProtoTimestamp,
        end: ProtoTimestamp, detail: String
    ) {
        self.subject = subject
        self.kind = kind
        self.severity = severity ?? kind.defaultSeverity
        self.start = start
        self.end = max(start, end)
        self.detail = detail
    }

    /// The order findings are listed in: by start, then end, then kind.
    public static func listedBefore(_ a: Finding, _ b: Finding) -> Bool {
        (a.start, a.end, a.kind) < (b.start, b.end, b.kind)
    }
}
