import FleetModel

/// A named point next to a track — a GPX `<wpt>` or a GeoJSON Point feature — that may mark the pickup, the dropoff
/// or a stop between them.
public struct TrackWaypoint: Sendable, Equatable {
    public var name: String
    /// GPX `<type>` or GeoJSON `properties.type`: another place to say `pickup` or `dropoff`.
    public var type: String?
    public var location: LatLng

    public init(name: String, type: String? = nil, location: LatLng) {
        self.name = name
        self.type = type
        self.location = location
    }

    /// What the waypoint marks, from its name or type, ignoring case, spaces and punctuation (`Pick-up`, `DROP OFF`).
    public var role: Role {
        for label in [name, type ?? ""] {
            switch Self.normalized(label) {
            case "pickup": return .pickup
            case "dropoff": return .dropoff
            default: continue
            }
        }
        return .stop
    }

    public enum Role: Sendable, Equatable {
        case pickup
        case dropoff
        /// Any other named point: an intermediate destination when the track passes it between pickup and dropoff.
        case stop
    }

    private static func normalized(_ label: String) -> String {
        String(label.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic }.map(Character.init))
    }
}
