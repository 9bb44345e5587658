/// `maps.fleetengine.v1.SearchVehiclesRequest.VehicleMatchOrder`: how SearchVehicles sorts its matches.
public enum VehicleMatchOrder: Int32, ProtoEnum {
    case unknownVehicleMatchOrder = 0
    /// By driving time to the pickup point.
    case pickupPointEta = 1
    /// By driving distance to the pickup point.
    case pickupPointDistance = 2
    /// By driving time to the dropoff point (needs a dropoff point).
    case dropoffPointEta = 3
    /// By straight-line distance from the vehicle's last location to the pickup point.
    case pickupPointStraightDistance = 4
    /// By Google's per-project weighting of straight-line distance and ETA.
    case cost = 5

    public var protoName: String {
        switch self {
        case .unknownVehicleMatchOrder: "UNKNOWN_VEHICLE_MATCH_ORDER"
        case .pickupPointEta: "PICKUP_POINT_ETA"
        case .pickupPointDistance: "PICKUP_POINT_DISTANCE"
        case .dropoffPointEta: "DROPOFF_POINT_ETA"
        case .pickupPointStraightDistance: "PICKUP_POINT_STRAIGHT_DISTANCE"
        case .cost: "COST"
        }
    }
}

/// `maps.fleetengine.v1.SearchVehiclesRequest.CurrentTripsPresent`: whether vehicles with trips may match.
public enum CurrentTripsPresent: Int32, ProtoEnum {
    /// Left to `includeBackToBack`.
    case currentTripsPresentUnspecified = 0
    /// Only vehicles without trips.
    case none = 1
    /// Vehicles with at most 5 current trips and 10 waypoints.
    case any = 2

    public var protoName: String {
        switch self {
        case .currentTripsPresentUnspecified: "CURRENT_TRIPS_PRESENT_UNSPECIFIED"
        case .none: "NONE"
        case .any: "ANY"
        }
    }
}

/// `maps.fleetengine.v1.VehicleMatch.VehicleMatchType`: how a matched vehicle would serve the trip.
public enum VehicleMatchType: Int32, ProtoEnum {
    case unknown = 0
    /// No trip assigned: straight to the pickup.
    case exclusive = 1
    /// Finishes its one trip, then goes to the pickup.
    case backToBack = 2
    /// Shares the ride with its current trips.
    case carpool = 3
    /// Finishes its current trips, then goes to the pickup of a shared ride.
    case carpoolBackToBack = 4

    public var protoName: String {
        switch self {
        case .unknown: "UNKNOWN"
        case .exclusive: "EXCLUSIVE"
        case .backToBack: "BACK_TO_BACK"
        case .carpool: "CARPOOL"
        case .carpoolBackToBack: "CARPOOL_BACK_TO_BACK"
        }
    }
}
