/// The driver app's navigation state (`maps.fleetengine.v1.NavigationStatus`).
public enum NavigationStatus: Int32, ProtoEnum {
    case unknownNavigationStatus = 0
    case noGuidance = 1
    case enrouteToDestination = 2
    case offRoute = 3
    /// Within about 50 m of the destination.
    case arrivedAtDestination = 4

    public var protoName: String {
        switch self {
        case .unknownNavigationStatus: "UNKNOWN_NAVIGATION_STATUS"
        case .noGuidance: "NO_GUIDANCE"
        case .enrouteToDestination: "ENROUTE_TO_DESTINATION"
        case .offRoute: "OFF_ROUTE"
        case .arrivedAtDestination: "ARRIVED_AT_DESTINATION"
        }
    }

    /// Cloud Logging spells these `NAVIGATION_STATUS_NO_GUIDANCE` and so on.
    public static let protoAliases: [String: NavigationStatus] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("NAVIGATION_STATUS_" + $0.protoName, $0) })
}
