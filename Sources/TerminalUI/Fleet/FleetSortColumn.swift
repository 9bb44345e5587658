import FleetModel

/// The vehicle list's columns, each also what rows can be sorted by; `s` cycles through those shown, in the order
/// they are shown. Remaining stops and open tasks are shown only when the fleet has delivery vehicles.
public enum FleetSortColumn: Int, Sendable, Hashable, CaseIterable, FleetListColumn {
    case id
    case state
    case trips
    case stops
    case tasks
    case speed
    case age
    case navigation

    /// The columns of a fleet with delivery vehicles, or without.
    public static func columns(deliveries: Bool) -> [FleetSortColumn] {
        deliveries ? allCases : allCases.filter { $0 != .stops && $0 != .tasks }
    }

    /// Whether `a` comes before `b` by this column; ties fall back to the id, so the order is total and a row
    /// does not wander between listings. Missing values (no speed, never reported) sort last; so do on-demand
    /// vehicles by open tasks, which they have none of.
    public func ascending(_ a: FleetRow, _ b: FleetRow) -> Bool {
        func byID() -> Bool { a.id == b.id ? a.name < b.name : a.id < b.id }
        let decided: Bool? =
            switch self {
            case .id: nil
            case .state: a.state == b.state ? nil : a.state < b.state
            case .trips: a.trips.count == b.trips.count ? nil : a.trips.count > b.trips.count
            // Most first, as trips: the busiest vehicles on top.
            case .stops: a.stops == b.stops ? nil : a.stops > b.stops
            case .tasks: Self.order(a.tasks.map { -$0 }, b.tasks.map { -$0 })
            case .speed: Self.order(a.speedKmph.map { -$0 }, b.speedKmph.map { -$0 })
            // Oldest report first: what an operator looks for.
            case .age: Self.order(a.reportedAt, b.reportedAt)
            case .navigation: a.navigation == b.navigation ? nil : a.navigation.rawValue < b.navigation.rawValue
            }
        return decided ?? byID()
    }
}
