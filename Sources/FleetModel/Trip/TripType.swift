/// Whether a trip may share its vehicle with other trips (`maps.fleetengine.v1.TripType`).
public enum TripType: Int32, ProtoEnum {
    case unknownTripType = 0
    case shared = 1
    case exclusive = 2

    public var protoName: String {
        switch self {
        case .unknownTripType: "UNKNOWN_TRIP_TYPE"
        case .shared: "SHARED"
        case .exclusive: "EXCLUSIVE"
        }
    }

    /// Cloud Logging spells these `SHARED_TRIP`, `EXCLUSIVE_TRIP`.
    public static let protoAliases: [String: TripType] = ["SHARED_TRIP": .shared, "EXCLUSIVE_TRIP": .exclusive]
}
