import FleetModel

/// A named point next to a track — a GPX `<wpt>` or a GeoJSON Point feature — that may mark the pickup, the dropoff
/// or a stop between them.
struct TrackWaypoint: Sendable, Equatable {
    var name: String
    /// GPX `<type>` or GeoJSON `properties.type`: another place to say `pickup` or `dropoff`.
    var type: String?
    var location: LatLng

    init(name: String, type: String? = nil, location: LatLng) {
        self.name = name
        self.type = type
        self.location = location
    }

    /// What the waypoint marks, from its name or type, ignoring case, spaces and punctuation (`Pick-up`, `DROP OFF`).
    var role: Role {
        for label in [name, type ?? ""] {
            switch Self.normalized(label) {
            case "pickup": return .pickup
            case "dropoff": return .dropoff
            default: continue
            }
        }
        return .stop
    }

    enum Role: Sendable, Equatable {
        case pickup
        case dropoff
        /// Any other named point: an intermediate destination when the track passes it between pickup and dropoff.
        case stop
    }

    private static func normalized(_ label: String) -> String {
        String(label.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic }.map(Character.init))
    }
}
