import FleetModel

/// The list column rows are sorted by; `s` cycles through them in the order they are shown.
public enum FleetSortColumn: Int, Sendable, Hashable, CaseIterable {
    case id
    case state
    case trips
    case speed
    case age
    case navigation

    /// The column after this one, round.
    public var next: FleetSortColumn { Self(rawValue: (rawValue + 1) % Self.allCases.count) ?? .id }

    public var title: String {
        switch self {
        case .id: "id"
        case .state: "state"
        case .trips: "trips"
        case .speed: "speed"
        case .age: "age"
        case .navigation: "navigation"
        }
    }

    /// Whether `a` comes before `b` by this column; ties fall back to the id, so the order is total and a row
    /// does not wander between listings. Missing values (no speed, never reported) sort last.
    public func ascending(_ a: FleetRow, _ b: FleetRow) -> Bool {
        func byID() -> Bool { a.id == b.id ? a.name < b.name : a.id < b.id }
        func optional<T: Comparable>(_ x: T?, _ y: T?) -> Bool? {
            switch (x, y) {
            case (nil, nil): nil
            case (nil, _): false
            case (_, nil): true
            case (let x?, let y?): x == y ? nil : x < y
            }
        }
        let decided: Bool? =
            switch self {
            case .id: nil
            case .state: a.state == b.state ? nil : a.state < b.state
            case .trips: a.trips.count == b.trips.count ? nil : a.trips.count > b.trips.count
            case .speed: optional(a.speedKmph.map { -$0 }, b.speedKmph.map { -$0 })
            // Oldest report first: what an operator looks for.
            case .age: optional(a.reportedAt, b.reportedAt)
            case .navigation: a.navigation == b.navigation ? nil : a.navigation.rawValue < b.navigation.rawValue
            }
        return decided ?? byID()
    }
}
