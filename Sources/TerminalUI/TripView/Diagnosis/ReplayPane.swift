/// What the replay screen's panel shows: the trip (as the rider's panel does), the findings, or the report card.
/// `d` cycles through them; `n`/`N` open the findings.
public enum ReplayPane: Sendable, Hashable, CaseIterable {
    case trip
    case findings
    case reportCard

    /// The pane `d` switches to.
    public var next: ReplayPane {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// How the status bar names it when `d` switches to it.
    public var title: String {
        switch self {
        case .trip: "panel: trip"
        case .findings: "panel: findings"
        case .reportCard: "panel: report card"
        }
    }
}
