import Foundation

/// Which Fleet Engine call a log entry records. Only the three that change what a rider sees are replayed, and the
/// Deliveries API's calls that change a van or a task; every other call (CreateVehicle, GetTrip, GetTask, …) is read
/// past.
enum LogMethod: Hashable, Sendable {
    case createTrip
    case updateTrip
    case updateVehicle
    case createDeliveryVehicle
    case updateDeliveryVehicle
    case createTask
    case batchCreateTasks
    case updateTask
    /// Any other call, by its folded name (`createvehicle`, `gettrip`), or `""` when the entry names none.
    case other(String)

    /// Reads the call from the payload's `@type` (`type.googleapis.com/maps.fleetengine.v1.UpdateTripLog`), else from
    /// the log name (`projects/p/logs/fleetengine.googleapis.com%2Fupdate_trip`). The Restricted Use twins
    /// (`UpdateTripRestrictedLog`, `update_trip_restricted`) name the same call.
    init(payloadType: String?, logName: String?) {
        var name = ""
        if let payloadType, let message = payloadType.split(separator: "/").last?.split(separator: ".").last {
            name = String(message)
            for suffix in ["RestrictedLog", "Log"] where name.hasSuffix(suffix) {
                name.removeLast(suffix.count)
                break
            }
        } else if let logName {
            // The log id is URL-encoded after the last `/` (`fleetengine.googleapis.com%2Fupdate_trip`).
            let logID = logName.split(separator: "/").last.map(String.init) ?? logName
            let decoded = logID.removingPercentEncoding ?? logID
            name = decoded.split(separator: "/").last.map(String.init) ?? decoded
            if name.hasSuffix("_restricted") { name.removeLast("_restricted".count) }
        }
        switch LogKeyFolding.fold(name) {
        case "createtrip": self = .createTrip
        case "updatetrip": self = .updateTrip
        case "updatevehicle": self = .updateVehicle
        case "createdeliveryvehicle": self = .createDeliveryVehicle
        case "updatedeliveryvehicle": self = .updateDeliveryVehicle
        case "createtask": self = .createTask
        case "batchcreatetasks": self = .batchCreateTasks
        case "updatetask": self = .updateTask
        case let other: self = .other(other)
        }
    }

    /// CreateTrip and UpdateTrip: their responses are the whole trip.
    var isTripCall: Bool { self == .createTrip || self == .updateTrip }

    /// The Deliveries API's calls that change a van or a task: their responses are the whole resource.
    var isDeliveryCall: Bool {
        switch self {
        case .createDeliveryVehicle, .updateDeliveryVehicle, .createTask, .batchCreateTasks, .updateTask: true
        default: false
        }
    }

    /// The call as Fleet Engine names it (`UpdateVehicle`), for the replay's event table; another call by its folded
    /// name, which is all the importer keeps of it.
    var callName: String {
        switch self {
        case .createTrip: "CreateTrip"
        case .updateTrip: "UpdateTrip"
        case .updateVehicle: "UpdateVehicle"
        case .createDeliveryVehicle: "CreateDeliveryVehicle"
        case .updateDeliveryVehicle: "UpdateDeliveryVehicle"
        case .createTask: "CreateTask"
        case .batchCreateTasks: "BatchCreateTasks"
        case .updateTask: "UpdateTask"
        case .other(let name): name
        }
    }
}
