import FleetModel
import Foundation

/// Where Cloud Logging's spelling of a Fleet Engine message differs from the API's, and the decoding that undoes it.
///
/// The log payloads (`TripLog`, `VehicleLog`, … in Google's Cloud Logging reference) rename a few fields — `status` for
/// `tripStatus`, `locSensor` for `locationSensor`, waypoint `type` for `waypointType` — and prefix enum values
/// (`TRIP_STATUS_NEW`, `EXCLUSIVE_TRIP`). The enum spellings are aliases of the FleetModel enums already; the field
/// renames are undone here, message by message, because a bare name such as `type` or `state` means something else
/// in another message. All names are folded (see ``LogKeyFolding``).
struct LogSchema: Sendable {
    /// Folded log name → folded API name, for this message's own fields.
    var renames: [String: String]
    /// Folded API name of a field → the schema of the message (or repeated message) it holds.
    var fields: [String: LogSchema]

    init(renames: [String: String] = [:], fields: [String: LogSchema] = [:]) {
        self.renames = renames
        self.fields = fields
    }

    // MARK: The messages

    /// `VehicleLocationLog`: `locSensor`.
    static let vehicleLocation = LogSchema(renames: ["locsensor": "locationsensor"])
    /// `TripWaypointLog`: `type`.
    static let tripWaypoint = LogSchema(renames: ["type": "waypointtype"])
    /// `VehicleTypeLog`: `vehicleCategory`.
    static let vehicleType = LogSchema(renames: ["vehiclecategory": "category"])

    /// `TripLog`: `status`, and the messages inside it.
    static let trip = LogSchema(
        renames: ["status": "tripstatus"],
        fields: [
            "lastlocation": vehicleLocation,
            "currentroutesegmentendpoint": tripWaypoint,
            "remainingwaypoints": tripWaypoint,
            "vehiclewaypoints": tripWaypoint,
        ]
    )

    /// `VehicleLog`: `state`, `supportedTrips`, `navStatus`, and the messages inside it.
    static let vehicle = LogSchema(
        renames: ["state": "vehiclestate", "supportedtrips": "supportedtriptypes", "navstatus": "navigationstatus"],
        fields: [
            "lastlocation": vehicleLocation,
            "pastlocations": vehicleLocation,
            "vehicletype": vehicleType,
            "currentroutesegmentendpoint": tripWaypoint,
            "waypoints": tripWaypoint,
        ]
    )

    /// `DeliveryVehicleLog`: `navStatus`, and its locations. A journey segment's path is logged only as an opaque
    /// `pathHandle`, which decoding reads past.
    static let deliveryVehicle = LogSchema(
        renames: ["navstatus": "navigationstatus"],
        fields: ["lastlocation": vehicleLocation, "pastlocations": vehicleLocation]
    )

    /// `TaskLog`: the vehicle location inside its journey sharing info.
    static let task = LogSchema(fields: ["journeysharinginfo": LogSchema(fields: ["lastlocation": vehicleLocation])])

    // MARK: Renaming and decoding

    /// The value with this message's log names replaced by API names, recursively; an object holding both spellings
    /// keeps the API one. Arrays are repeated messages of this schema.
    func apiSpelling(of value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(items.map(apiSpelling))
        case .object(let members):
            var out: [String: JSONValue] = [:]
            out.reserveCapacity(members.count)
            for (key, member) in members {
                let name = renames[key] ?? key
                if name != key, members[name] != nil { continue }
                out[name] = fields[name]?.apiSpelling(of: member) ?? member
            }
            return .object(out)
        case .null, .bool, .number, .string:
            return value
        }
    }

    /// Options for log payloads: enum values this build does not know read as unspecified (logs gain values before
    /// the API docs do), unknown members such as `pointHandle` are skipped, and keys match folded.
    static let decodingOptions = ProtoJSONDecodingOptions(lenientEnums: true, caseInsensitiveKeys: true)

    /// Decodes a folded log payload as a Fleet Engine message (a trip, a vehicle, a task…), after renaming its
    /// fields: straight from the value when FleetModel's direct source can, else through `JSONDecoder` for the same
    /// result or the error.
    func decode<Message: ProtoMessage>(_ type: Message.Type, from value: JSONValue) throws(ProtoJSONError) -> Message {
        try ProtoJSON.decode(Message.self, from: apiSpelling(of: value), options: Self.decodingOptions)
    }
}
