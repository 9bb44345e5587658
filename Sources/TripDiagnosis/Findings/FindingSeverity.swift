/// How much a finding matters, in increasing order; `--fail-on warning` fails on warnings and errors.
public enum FindingSeverity: String, Sendable, Hashable, CaseIterable, Comparable {
    case info
    case warning
    case error

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
