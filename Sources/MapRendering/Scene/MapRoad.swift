import FleetModel

/// One road of the base map: a polyline, how important it is (which sets its colour and paint order) and its name.
public struct MapRoad: Hashable, Sendable {
    public var points: [LatLng]
    public var rank: RoadRank
    public var name: String?

    public init(points: [LatLng], rank: RoadRank = .local, name: String? = nil) {
        self.points = points
        self.rank = rank
        self.name = name
    }
}

/// Road classes, least to most important; more important roads are painted over less important ones.
public enum RoadRank: Int, CaseIterable, Comparable, Sendable {
    case service
    case local
    case secondary
    case primary
    case motorway

    /// The class of an OpenStreetMap `highway=*` value (`trunk` counts as motorway, footways as service).
    public init(highway: String) {
        switch highway {
        case "motorway", "motorway_link", "trunk", "trunk_link": self = .motorway
        case "primary", "primary_link": self = .primary
        case "secondary", "secondary_link", "tertiary", "tertiary_link": self = .secondary
        case "residential", "unclassified", "living_street", "road": self = .local
        default: self = .service
        }
    }

    public static func < (a: RoadRank, b: RoadRank) -> Bool { a.rawValue < b.rawValue }
}
