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
    case createDeliveryVehicle
    case getDeliveryVehicle(vehicleID: String)
    case updateDeliveryVehicle(vehicleID: String)
    case deleteDeliveryVehicle
    case listDeliveryVehicles
    case createTask
    /// `assignedVehicle` is the task's delivery vehicle id ("" when unassigned).
    case getTask(taskID: String, assignedVehicle: String)
    case updateTask(taskID: String, assignedVehicle: String)
    case deleteTask
    case listTasks
    case getTaskTrackingInfo(trackingID: String)
    /// tripterm's own: the provider's events.
    case listEvents

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
        case .createDeliveryVehicle: "CreateDeliveryVehicle"
        case .getDeliveryVehicle: "GetDeliveryVehicle"
        case .updateDeliveryVehicle: "UpdateDeliveryVehicle"
        case .deleteDeliveryVehicle: "DeleteDeliveryVehicle"
        case .listDeliveryVehicles: "ListDeliveryVehicles"
        case .createTask: "CreateTask"
        case .getTask: "GetTask"
        case .updateTask: "UpdateTask"
        case .deleteTask: "DeleteTask"
        case .listTasks: "ListTasks"
        case .getTaskTrackingInfo: "GetTaskTrackingInfo"
        case .listEvents: "ListEvents"
        }
    }

    /// A method of the Deliveries API (`maps.fleetengine.delivery.v1`).
    var isDelivery: Bool {
        switch self {
        case .createDeliveryVehicle, .getDeliveryVehicle, .updateDeliveryVehicle, .deleteDeliveryVehicle,
            .listDeliveryVehicles, .createTask, .getTask, .updateTask, .deleteTask, .listTasks, .getTaskTrackingInfo:
            true
        default: false
        }
    }

    /// A method that changes nothing: what a fleet reader may call.
    var isRead: Bool {
        switch self {
        case .getTrip, .searchTrips, .getVehicle, .listVehicles, .searchVehicles, .getDeliveryVehicle,
            .listDeliveryVehicles, .getTask, .listTasks, .getTaskTrackingInfo, .listEvents:
            true
        default: false
        }
    }
}

/// Fleet Engine's roles (reference §7.2; deliveries reference §6) applied to token claims:
/// - a consumer token (`tripid`) reads its trip, and nothing else; a shipment's (`trackingid`) reads that
///   shipment's tracking info; one with `taskid`/`taskids` reads those tasks;
/// - a driver token (`vehicleid`) reads and updates its vehicle, and reads, searches and updates the trips
///   assigned to it (without handing them to another vehicle); a delivery driver's (`deliveryvehicleid`) reads and
///   updates its delivery vehicle and the tasks assigned to it;
/// - a server token (`tripid` and `vehicleid` both `"*"`) may call every on-demand method, a deliveries server
///   token (`deliveryvehicleid` and `taskid` both `"*"`) every delivery method (`tripterm token --server` mints
///   both in one);
/// - a fleet reader's token (``TokenMinter/fleetReaderIssuer``) reads everything and writes nothing.
public enum Authorizer {
    public static func authorize(_ principal: Principal, _ action: FleetAction) throws(FleetError) {
        if principal.isFleetReader {
            if action.isRead { return }
            throw .permissionDenied(
                "The token (\(principal)) is read-only and does not allow \(action.method)\(target(action)).")
        }
        if action.isDelivery ? principal.isDeliveryServer : principal.isServer { return }
        if allows(principal, action) { return }
        throw .permissionDenied("The token (\(principal)) does not allow \(action.method)\(target(action)).")
    }

    static func allows(_ p: Principal, _ action: FleetAction) -> Bool {
        func ownsVehicle(_ id: String) -> Bool { !id.isEmpty && (p.vehicleID == "*" || p.vehicleID == id) }
        func drives(_ id: String) -> Bool {
            !id.isEmpty && (p.deliveryVehicleID == "*" || p.deliveryVehicleID == id)
        }
        func names(_ task: String) -> Bool { p.taskIDs.contains("*") || p.taskIDs.contains(task) }
        switch action {
        case .getDeliveryVehicle(let vehicle), .updateDeliveryVehicle(let vehicle):
            return drives(vehicle)
        case .getTask(let task, let vehicle):
            return drives(vehicle) || names(task)
        case .updateTask(_, let vehicle):
            return drives(vehicle)
        case .getTaskTrackingInfo(let tracking):
            return p.trackingID == "*" || p.trackingID == tracking
        // Creating, deleting and listing are the provider's backend's (Delivery Admin, Super User).
        case .createDeliveryVehicle, .deleteDeliveryVehicle, .listDeliveryVehicles, .createTask, .deleteTask,
            .listTasks:
            return false
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
            .updateVehicleAttributes, .reportBillableTrip, .listEvents:
            return false
        }
    }

    private static func target(_ action: FleetAction) -> String {
        switch action {
        case .getTrip(let trip, _), .updateTrip(let trip, _, _): " on trip \"\(trip)\""
        case .searchTrips(let vehicle): vehicle.isEmpty ? " without a vehicleId" : " for vehicle \"\(vehicle)\""
        case .getVehicle(let vehicle), .updateVehicle(let vehicle), .updateVehicleAttributes(let vehicle):
            " on vehicle \"\(vehicle)\""
        case .getDeliveryVehicle(let vehicle), .updateDeliveryVehicle(let vehicle):
            " on delivery vehicle \"\(vehicle)\""
        case .getTask(let task, _), .updateTask(let task, _): " on task \"\(task)\""
        case .getTaskTrackingInfo(let tracking): " for tracking id \"\(tracking)\""
        default: ""
        }
    }
}
