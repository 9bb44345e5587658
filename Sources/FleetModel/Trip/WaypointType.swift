/// What a stop on a route is for (`maps.fleetengine.v1.WaypointType`).
public enum WaypointType: Int32, ProtoEnum {
    case unknownWaypointType = 0
    case pickupWaypointType = 1
    case dropOffWaypointType = 2
    case intermediateDestinationWaypointType = 3

    public var protoName: String {
        switch self {
        case .unknownWaypointType: "UNKNOWN_WAYPOINT_TYPE"
        case .pickupWaypointType: "PICKUP_WAYPOINT_TYPE"
        case .dropOffWaypointType: "DROP_OFF_WAYPOINT_TYPE"
        case .intermediateDestinationWaypointType: "INTERMEDIATE_DESTINATION_WAYPOINT_TYPE"
        }
    }

    /// Cloud Logging spells these `WAYPOINT_TYPE_PICKUP` and so on.
    public static let protoAliases: [String: WaypointType] = [
        "WAYPOINT_TYPE_PICKUP": .pickupWaypointType, "WAYPOINT_TYPE_DROP_OFF": .dropOffWaypointType,
        "WAYPOINT_TYPE_INTERMEDIATE_DESTINATION": .intermediateDestinationWaypointType,
    ]
}
