/// Where a trip is in its life (`maps.fleetengine.v1.TripStatus`).
public enum TripStatus: Int32, ProtoEnum {
    case unknownTripStatus = 0
    case new = 1
    case enrouteToPickup = 2
    case arrivedAtPickup = 3
    case enrouteToDropoff = 4
    case complete = 5
    /// Canceled before pickup by the driver, rider or provider.
    case canceled = 6
    case arrivedAtIntermediateDestination = 7
    case enrouteToIntermediateDestination = 8

    public var protoName: String {
        switch self {
        case .unknownTripStatus: "UNKNOWN_TRIP_STATUS"
        case .new: "NEW"
        case .enrouteToPickup: "ENROUTE_TO_PICKUP"
        case .arrivedAtPickup: "ARRIVED_AT_PICKUP"
        case .enrouteToDropoff: "ENROUTE_TO_DROPOFF"
        case .complete: "COMPLETE"
        case .canceled: "CANCELED"
        case .arrivedAtIntermediateDestination: "ARRIVED_AT_INTERMEDIATE_DESTINATION"
        case .enrouteToIntermediateDestination: "ENROUTE_TO_INTERMEDIATE_DESTINATION"
        }
    }

    /// Cloud Logging spells these `TRIP_STATUS_NEW` and so on.
    public static let protoAliases: [String: TripStatus] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("TRIP_STATUS_" + $0.protoName, $0) })

    /// COMPLETE and CANCELED: nothing about the trip changes after them, so following it can stop.
    public var isTerminal: Bool { self == .complete || self == .canceled }
}
