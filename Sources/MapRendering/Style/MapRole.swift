import FleetModel

/// What a cell or dot shows, which a ``MapTheme`` turns into colours and attributes. Raster roles are declared in
/// paint order: where two layers meet in one cell (a Braille cell has one colour), the later role wins, so the
/// route is never hidden by a road nor traffic by the plain route.
public enum MapRole: UInt8, CaseIterable, Comparable, Sendable {
    case roadService
    case roadLocal
    case roadSecondary
    case roadPrimary
    case roadMotorway
    case trail
    case route
    case activeRoute
    case trafficSlow
    case trafficJam
    case stop
    case pickup
    case dropoff
    case vehicle
    case label
    case scaleBar

    /// The role of a road of this class.
    public init(road rank: RoadRank) {
        switch rank {
        case .service: self = .roadService
        case .local: self = .roadLocal
        case .secondary: self = .roadSecondary
        case .primary: self = .roadPrimary
        case .motorway: self = .roadMotorway
        }
    }

    /// The role of a stretch of the active route with this traffic.
    public init(traffic speed: SpeedReadingInterval.Speed) {
        switch speed {
        case .slow: self = .trafficSlow
        case .trafficJam: self = .trafficJam
        case .normal, .speedUnspecified: self = .activeRoute
        }
    }

    public static func < (a: MapRole, b: MapRole) -> Bool { a.rawValue < b.rawValue }
}
