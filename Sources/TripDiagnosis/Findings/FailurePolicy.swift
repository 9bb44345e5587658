/// What `--fail-on` asks for: the findings that make `check` exit 1, by kind, by severity or all of them.
///
/// ```swift
/// let policy = try FailurePolicy(parsing: "speed-jump,error")   // any speed-jump, and anything of severity error
/// policy.fails(on: findings)
/// ```
public struct FailurePolicy: Sendable, Hashable {
    public var kinds: Set<FindingKind> = []
    /// The least severity that fails, whatever the kind.
    public var minimumSeverity: FindingSeverity?

    /// Fails on nothing.
    public init() {}

    /// Reads a comma-separated list of kinds (`missing-updates`), severities (`info`, `warning`, `error`: that
    /// severity or worse) and `any`.
    public init(parsing text: String) throws(FailurePolicyError) {
        for token in text.split(separator: ",").map({ $0.filter { !$0.isWhitespace }.lowercased() }) {
            if token == "any" {
                minimumSeverity = .info
            } else if let kind = FindingKind(rawValue: token) {
                kinds.insert(kind)
            } else if let severity = FindingSeverity(rawValue: token) {
                minimumSeverity = min(minimumSeverity ?? severity, severity)
            } else {
                throw FailurePolicyError(token: token)
            }
        }
        guard !kinds.isEmpty || minimumSeverity != nil else { throw FailurePolicyError(token: text) }
    }

    public func fails(on finding: Finding) -> Bool {
        kinds.contains(finding.kind) || minimumSeverity.map { finding.severity >= $0 } ?? false
    }

    public func fails(on findings: [Finding]) -> Bool { findings.contains(where: fails(on:)) }
}
