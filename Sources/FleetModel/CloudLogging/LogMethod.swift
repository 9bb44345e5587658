import Foundation

/// A Fleet Engine call as Cloud Logging names it, in both directions: the importer reads it from an entry's `@type`
/// or log name, `serve --log-export` writes both from it. Each call is an RPC of `Protos/`, whose services the
/// generator lists as constants and ``known`` (`Generated/LogMethods.swift`); the log id (`update_vehicle`) and the
/// payload's message (`UpdateVehicleLog`) follow from its name (`UpdateVehicle`).
public struct LogMethod: Hashable, Sendable {
    /// The RPC as Fleet Engine names it (`UpdateVehicle`); for a call this build does not know, the folded name the
    /// entry gave it (`getvehiclelocation`), or `""` when the entry names none.
    public let name: String
    /// A call of the Deliveries API (`maps.fleetengine.delivery.v1`), logged under the `DeliveryFleet` resource.
    public let isDeliveries: Bool

    init(_ name: String, deliveries: Bool = false) {
        self.name = name
        self.isDeliveries = deliveries
    }

    private static let byFoldedName = Dictionary(
        uniqueKeysWithValues: known.map { (LogKeyFolding.fold($0.name), $0) })

    // MARK: Writing

    /// The log's id after `fleetengine.googleapis.com/`: the RPC's name in snake case (`update_vehicle`).
    public var logID: String {
        var id = ""
        for character in name {
            if character.isUppercase, !id.isEmpty { id.append("_") }
            id.append(contentsOf: character.lowercased())
        }
        return id
    }

    /// `projects/<project>/logs/fleetengine.googleapis.com%2F<log id>`, the slash of the log id URL-encoded.
    public func logName(project: String) -> String {
        "projects/\(project)/logs/fleetengine.googleapis.com%2F\(logID)"
    }

    /// The payload's `@type`: `type.googleapis.com/maps.fleetengine.v1.UpdateVehicleLog`. The Deliveries API's
    /// entries name the same package in real exports (`maps.fleetengine.v1.CreateTaskLog`).
    public var payloadType: String { "type.googleapis.com/maps.fleetengine.v1.\(name)Log" }

    // MARK: Reading

    /// Reads the call from the payload's `@type` (`type.googleapis.com/maps.fleetengine.v1.UpdateTripLog`), else from
    /// the log name (`projects/p/logs/fleetengine.googleapis.com%2Fupdate_trip`). The Restricted Use twins
    /// (`UpdateTripRestrictedLog`, `update_trip_restricted`) name the same call.
    public init(payloadType: String?, logName: String?) {
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
        let folded = LogKeyFolding.fold(name)
        self = Self.byFoldedName[folded] ?? LogMethod(folded)
    }

    /// CreateTrip and UpdateTrip: their responses are the whole trip.
    public var isTripCall: Bool { self == .createTrip || self == .updateTrip }

    /// The Deliveries API's calls that change a van or a task: their responses are the whole resource.
    public var isDeliveryCall: Bool {
        [.createDeliveryVehicle, .updateDeliveryVehicle, .createTask, .batchCreateTasks, .updateTask].contains(self)
    }

    /// The calls a replay rebuilds trips, vehicles and a day of deliveries from; every other one is read past.
    public var isReplayed: Bool { isTripCall || self == .updateVehicle || isDeliveryCall }

    /// The call as Fleet Engine names it (`UpdateVehicle`), for the replay's event table; a call this build does not
    /// know by its folded name.
    public var callName: String { name }
}
