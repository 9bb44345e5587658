import FleetModel

/// The task list's columns, each also what rows can be sorted by (`s`).
public enum FleetTaskColumn: Int, Sendable, Hashable, CaseIterable, FleetListColumn {
    case id
    case type
    case state
    case outcome
    case vehicle
    case tracking
    case location

    /// Whether `a` comes before `b` by this column; ties by id. Open before closed, unassigned and untracked
    /// tasks after the others, locations from north to south.
    public func ascending(_ a: FleetTaskRow, _ b: FleetTaskRow) -> Bool {
        func byID() -> Bool { a.id == b.id ? a.name < b.name : a.id < b.id }
        func text(_ x: String, _ y: String) -> Bool? { Self.order(x.isEmpty ? nil : x, y.isEmpty ? nil : y) }
        let decided: Bool? =
            switch self {
            case .id: nil
            case .type: a.type == b.type ? nil : a.type.rawValue < b.type.rawValue
            case .state: a.state == b.state ? nil : a.state.rawValue < b.state.rawValue
            case .outcome: a.outcome == b.outcome ? nil : a.outcome.rawValue < b.outcome.rawValue
            case .vehicle: text(a.vehicleID, b.vehicleID)
            case .tracking: text(a.trackingID, b.trackingID)
            case .location: Self.order(a.plannedPoint.map { -$0.latitude }, b.plannedPoint.map { -$0.latitude })
            }
        return decided ?? byID()
    }
}
