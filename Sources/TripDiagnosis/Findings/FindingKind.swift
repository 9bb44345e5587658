/// What a finding is about. The raw values are the names `check` prints and `--fail-on` accepts.
public enum FindingKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case missingUpdates = "missing-updates"
    case speedJump = "speed-jump"
    case dwell
    case etaJump = "eta-jump"
    case offRoute = "off-route"
    case clockSkew = "clock-skew"
    case statusOrder = "status-order"
    case staleAtEnd = "stale-at-end"
    case geofence

    /// How much a finding of this kind usually matters; a detector may say more (a status that goes backwards is an
    /// error, a recording that stops before the trip ends only a warning).
    ///
    /// - info: normal driving that is worth seeing on a timeline (a stop, a detour).
    /// - warning: the data or the service was wrong for a while, and what a rider saw was probably wrong too.
    /// - error: the trip broke Fleet Engine's rules.
    public var defaultSeverity: FindingSeverity {
        switch self {
        case .dwell, .offRoute, .geofence: .info
        case .missingUpdates, .speedJump, .etaJump, .clockSkew, .staleAtEnd: .warning
        case .statusOrder: .error
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
