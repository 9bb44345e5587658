/// A `--fail-on` word that is neither a kind, a severity nor `any`.
public struct FailurePolicyError: Error, Sendable, CustomStringConvertible {
    public var token: String

    public var description: String {
        let kinds = FindingKind.allCases.map(\.rawValue).joined(separator: ", ")
        let severities = FindingSeverity.allCases.map(\.rawValue).joined(separator: ", ")
        return "unknown finding kind or severity '\(token)': expected any, \(severities) or \(kinds)"
    }
}
