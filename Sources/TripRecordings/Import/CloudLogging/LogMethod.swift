import Foundation

/// Which Fleet Engine call a log entry records. Only the three that change what a rider sees are replayed; every
/// other call (CreateVehicle, GetTrip, SearchVehicles, …) is read past.
enum LogMethod: Hashable, Sendable {
    case createTrip
    case updateTrip
    case updateVehicle
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
        case let other: self = .other(other)
        }
    }

    /// CreateTrip and UpdateTrip: their responses are the whole trip.
    var isTripCall: Bool { self == .createTrip || self == .updateTrip }

    /// The call as Fleet Engine names it (`UpdateVehicle`), for the replay's event table; another call by its folded
    /// name, which is all the importer keeps of it.
    var callName: String {
        switch self {
        case .createTrip: "CreateTrip"
        case .updateTrip: "UpdateTrip"
        case .updateVehicle: "UpdateVehicle"
        case .other(let name): name
        }
    }
}
