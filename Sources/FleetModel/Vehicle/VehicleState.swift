/// Whether a vehicle takes new trips (`maps.fleetengine.v1.VehicleState`).
public enum VehicleState: Int32, ProtoEnum {
    case unknownVehicleState = 0
    case offline = 1
    case online = 2

    public var protoName: String {
        switch self {
        case .unknownVehicleState: "UNKNOWN_VEHICLE_STATE"
        case .offline: "OFFLINE"
        case .online: "ONLINE"
        }
    }

    /// Cloud Logging spells these `VEHICLE_STATE_ONLINE` and so on.
    public static let protoAliases: [String: VehicleState] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("VEHICLE_STATE_" + $0.protoName, $0) })
}
