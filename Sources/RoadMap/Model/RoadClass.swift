/// The kind of road a way is, from its OpenStreetMap `highway=*` value.
///
/// A renderer draws higher ``rank``s brighter and on top; routing falls back to ``defaultSpeedKmh`` where a way has
/// no usable `maxspeed`.
public enum RoadClass: UInt8, CaseIterable, Sendable, Codable {
    case motorway = 1
    case trunk, primary, secondary, tertiary
    case motorwayLink, trunkLink, primaryLink, secondaryLink, tertiaryLink
    case unclassified, residential, livingStreet, service, road
    /// A track, path or footway that motor vehicles may use (`motor_vehicle=yes` and the like).
    case minor

    /// The `highway=*` values kept as drivable roads, and the class each becomes.
    static let byHighwayValue: [String: RoadClass] = [
        "motorway": .motorway, "trunk": .trunk, "primary": .primary, "secondary": .secondary,
        "tertiary": .tertiary, "motorway_link": .motorwayLink, "trunk_link": .trunkLink,
        "primary_link": .primaryLink, "secondary_link": .secondaryLink, "tertiary_link": .tertiaryLink,
        "unclassified": .unclassified, "residential": .residential, "living_street": .livingStreet,
        "service": .service, "road": .road,
    ]

    /// `highway=*` values that are not roads for cars, kept only when a tag grants motor vehicles access.
    static let nonMotorHighwayValues: Set<String> = [
        "footway", "cycleway", "path", "steps", "pedestrian", "track", "bridleway",
    ]

    /// The class for a `highway=*` value, or nil when such ways are not drivable.
    public init?(highway value: String) {
        guard let roadClass = Self.byHighwayValue[value] else { return nil }
        self = roadClass
    }

    /// Importance for drawing, 1 (least) to 7 (motorway); a link ranks with the road it joins.
    public var rank: Int {
        switch self {
        case .motorway, .motorwayLink: 7
        case .trunk, .trunkLink: 6
        case .primary, .primaryLink: 5
        case .secondary, .secondaryLink: 4
        case .tertiary, .tertiaryLink: 3
        case .unclassified, .residential, .road: 2
        case .livingStreet, .service, .minor: 1
        }
    }

    /// Whether this is a `*_link` ramp or slip road.
    public var isLink: Bool {
        switch self {
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: true
        default: false
        }
    }

    /// A typical urban driving speed for the class, used when a way has no `maxspeed`; lower than limits because
    /// junctions and traffic slow real trips.
    public var defaultSpeedKmh: Double {
        switch self {
        case .motorway: 110
        case .trunk: 80
        case .primary: 60
        case .secondary: 50
        case .tertiary: 40
        case .motorwayLink: 60
        case .trunkLink: 50
        case .primaryLink, .secondaryLink, .tertiaryLink: 35
        case .unclassified, .road: 35
        case .residential: 30
        case .livingStreet: 10
        case .service: 15
        case .minor: 10
        }
    }

    /// The OpenStreetMap spelling, for messages and documentation.
    public var highwayValue: String {
        switch self {
        case .minor: "minor"
        default: Self.byHighwayValue.first { $0.value == self }!.key
        }
    }
}
