/// How a way may be driven, from its `oneway=*`, `junction=*` and `highway=*` tags.
public enum OneWayTag: Sendable, Equatable {
    case bothWays
    /// Only from the way's first node towards its last.
    case forward
    /// Only from the last node towards the first (`oneway=-1`).
    case backward

    /// Reads the tags the way OpenStreetMap routers do: `yes`/`1`/`true` and `reversible` (treated as open in
    /// the drawn direction) are forward, `-1`/`reverse` backward, `no`/`false`/`0` two-way even on a motorway or a
    /// roundabout, where one-way is otherwise implied. Anything else counts as untagged.
    public init(oneway: String?, highway: String?, junction: String?) {
        switch oneway?.lowercased() {
        case "yes", "1", "true", "reversible": self = .forward
        case "-1", "reverse": self = .backward
        case "no", "false", "0": self = .bothWays
        default:
            let impliedByRoad = highway == "motorway"
            let impliedByJunction = junction == "roundabout" || junction == "circular"
            self = impliedByRoad || impliedByJunction ? .forward : .bothWays
        }
    }
}
