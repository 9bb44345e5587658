/// A method call as authorization sees it: which method, and the trip or vehicle it touches.
public enum FleetAction: Sendable, Equatable {
    case createTrip
    /// `assignedVehicle` is the trip's current vehicle id ("" when unassigned).
    case getTrip(tripID: String, assignedVehicle: String)
    /// `newVehicle` is the vehicle id the update assigns, when the mask names vehicleId.
    case updateTrip(tripID: String, assignedVehicle: String, newVehicle: String?)
    case deleteTrip
    case searchTrips(vehicleID: String)
    case createVehicle
    case getVehicle(vehicleID: String)
    case updateVehicle(vehicleID: String)
    case deleteVehicle
    case listVehicles
    case searchVehicles
    case updateVehicleAttributes(vehicleID: String)
    case reportBillableTrip

    var method: String {
        switch self {
        case .createTrip: "CreateTrip"
        case .getTrip: "GetTrip"
        case .updateTrip: "UpdateTrip"
        case .deleteTrip: "DeleteTrip"
        case .searchTrips: "SearchTrips"
        case .createVehicle: "CreateVehicle"
        case .getVehicle: "GetVehicle"
        case .updateVehicle: "UpdateVehicle"
        case .deleteVehicle: "DeleteVehicle"
        case .listVehicles: "ListVehicles"
        case .searchVehicles: "SearchVehicles"
        case .updateVehicleAttributes: "UpdateVehicleAttributes"
        case .reportBillableTrip: "ReportBillableTrip"
        }
    }
}

/// Fleet Engine's roles (reference §7.2) applied to token claims:
/// - a consumer token (`tripid`) reads its trip, and nothing else;
/// - a driver token (`vehicleid`) reads and updates its vehicle, and reads, searches and updates the trips
///   assigned to it (without handing them to another vehicle);
/// - a server token (`tripid` and `vehicleid` both `"*"`) may do everything.
public enum Authorizer {
    public static func authorize(_ principal: Principal, _ action: FleetAction) throws(FleetError) {
        if principal.isServer || allows(principal, action) { return }
        throw .permissionDenied("The token (\(principal)) does not allow \(action.method)\(target(action)).")
    }

    static func allows(_ p: Principal, _ action: FleetAction) -> Bool {
        func ownsVehicle(_ id: String) -> Bool { !id.isEmpty && (p.vehicleID == "*" || p.vehicleID == id) }
        switch action {
        case .getTrip(let trip, let vehicle):
            return p.tripID == "*" || p.tripID == trip || ownsVehicle(vehicle)
        case .updateTrip(_, let vehicle, let newVehicle):
            return ownsVehicle(vehicle) && (newVehicle.map(ownsVehicle) ?? true)
        case .searchTrips(let vehicle):
            return ownsVehicle(vehicle)
        case .getVehicle(let vehicle), .updateVehicle(let vehicle):
            return ownsVehicle(vehicle)
        // UpdateVehicleAttributes changes what dispatch matches on (Fleet Engine's vehicles.update, which the
        // driver role lacks); ReportBillableTrip is billing.
        // SearchVehicles is dispatch: the provider's backend matches riders with vehicles, never a driver or rider.
        case .createTrip, .deleteTrip, .createVehicle, .deleteVehicle, .listVehicles, .searchVehicles,
            .updateVehicleAttributes, .reportBillableTrip:
            return false
        }
    }

    private static func target(_ action: FleetAction) -> String {
        switch action {
        case .getTrip(let trip, _), .updateTrip(let trip, _, _): " on trip \"\(trip)\""
        case .searchTrips(let vehicle): vehicle.isEmpty ? " without a vehicleId" : " for vehicle \"\(vehicle)\""
        case .getVehicle(let vehicle), .updateVehicle(let vehicle), .updateVehicleAttributes(let vehicle):
            " on vehicle \"\(vehicle)\""
        default: ""
        }
    }
}
