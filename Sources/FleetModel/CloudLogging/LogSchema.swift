/// Where Cloud Logging's spelling of a Fleet Engine message differs from the API's — declared once, read both ways.
///
/// The log payloads (`TripLog`, `VehicleLog`, … in Google's Cloud Logging reference) rename a few fields — `status` for
/// `tripStatus`, `locSensor` for `locationSensor`, waypoint `type` for `waypointType` — and prefix enum values
/// (`TRIP_STATUS_NEW`, `EXCLUSIVE_TRIP`). The enum spellings are the FleetModel enums' `protoAliases`
/// (`CloudLoggingSpellings.swift`, written back by ``ProtoEnum/logSpelling``); the field renames are declared here,
/// message by message, because a bare name such as `type` or `state` means something else in another message.
///
/// The importer undoes them (``apiSpelling(of:)``, ``decode(_:from:)``, on folded keys: see ``LogKeyFolding``);
/// `serve --log-export` applies them (``LogJSONWriter``) from the same tables.
public struct LogSchema: Sendable {
    /// Log name → API name, as each is spelt (`status` → `tripStatus`), for this message's own fields.
    public let renames: [String: String]
    /// API name of a field → the schema of the message (or repeated message) it holds.
    public let fields: [String: LogSchema]
    /// ``renames`` folded, for reading: folded log name → folded API name.
    let foldedRenames: [String: String]
    /// ``fields`` folded, for reading.
    let foldedFields: [String: LogSchema]
    /// ``renames`` backwards, for writing: API name → log name.
    let logNames: [String: String]

    public init(renames: [String: String] = [:], fields: [String: LogSchema] = [:]) {
        self.renames = renames
        self.fields = fields
        foldedRenames = Dictionary(
            uniqueKeysWithValues: renames.map { (LogKeyFolding.fold($0.key), LogKeyFolding.fold($0.value)) })
        foldedFields = Dictionary(uniqueKeysWithValues: fields.map { (LogKeyFolding.fold($0.key), $0.value) })
        logNames = Dictionary(uniqueKeysWithValues: renames.map { ($0.value, $0.key) })
    }

    // MARK: The messages

    /// A message Cloud Logging spells as the API does.
    public static let plain = LogSchema()
    /// `VehicleLocationLog`: `locSensor`.
    public static let vehicleLocation = LogSchema(renames: ["locSensor": "locationSensor"])
    /// `TripWaypointLog`: `type`.
    public static let tripWaypoint = LogSchema(renames: ["type": "waypointType"])
    /// `VehicleTypeLog`: `vehicleCategory`.
    public static let vehicleType = LogSchema(renames: ["vehicleCategory": "category"])

    /// `TripLog`: `status`, and the messages inside it.
    public static let trip = LogSchema(
        renames: ["status": "tripStatus"],
        fields: [
            "lastLocation": vehicleLocation,
            "currentRouteSegmentEndPoint": tripWaypoint,
            "remainingWaypoints": tripWaypoint,
            "vehicleWaypoints": tripWaypoint,
        ]
    )

    /// `VehicleLog`: `state`, `supportedTrips`, `navStatus`, and the messages inside it.
    public static let vehicle = LogSchema(
        renames: ["state": "vehicleState", "supportedTrips": "supportedTripTypes", "navStatus": "navigationStatus"],
        fields: [
            "lastLocation": vehicleLocation,
            "pastLocations": vehicleLocation,
            "vehicleType": vehicleType,
            "currentRouteSegmentEndPoint": tripWaypoint,
            "waypoints": tripWaypoint,
        ]
    )

    /// `DeliveryVehicleLog`: `navStatus`, and its locations. A journey segment's path is logged only as an opaque
    /// `pathHandle`, which decoding reads past.
    public static let deliveryVehicle = LogSchema(
        renames: ["navStatus": "navigationStatus"],
        fields: ["lastLocation": vehicleLocation, "pastLocations": vehicleLocation]
    )

    /// `TaskLog`: the vehicle location inside its journey sharing info.
    public static let task = LogSchema(fields: [
        "journeySharingInfo": LogSchema(fields: ["lastLocation": vehicleLocation])
    ])

    /// `TaskTrackingInfoLog`: the vehicle's location.
    public static let taskTrackingInfo = LogSchema(fields: ["vehicleLocation": vehicleLocation])

    /// A request or a response that holds resources rather than being one (`UpdateVehicleRequestLog`'s `vehicle`,
    /// `SearchVehiclesResponseLog`'s matches, `ListTasksResponseLog`'s tasks…).
    public static let call = LogSchema(fields: [
        "trip": trip, "trips": trip, "vehicle": vehicle, "vehicles": vehicle,
        "matches": LogSchema(fields: ["vehicle": vehicle]),
        "deliveryVehicle": deliveryVehicle, "deliveryVehicles": deliveryVehicle, "task": task, "tasks": task,
    ])

    /// The schema `message` is logged with: the resource's own when it is one, else ``call``'s.
    public static func of(_ message: any ProtoMessage) -> LogSchema {
        switch message {
        case is Trip: trip
        case is Vehicle: vehicle
        case is DeliveryVehicle: deliveryVehicle
        case is DeliveryTask: task
        case is TaskTrackingInfo: taskTrackingInfo
        default: call
        }
    }

    /// The name a field of this message is logged under (`tripStatus` → `status`).
    public func logName(of field: String) -> String { logNames[field] ?? field }

    // MARK: Reading

    /// The value with this message's log names replaced by API names, recursively; an object holding both spellings
    /// keeps the API one. Keys are folded; arrays are repeated messages of this schema.
    public func apiSpelling(of value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(items.map(apiSpelling))
        case .object(let members):
            var out: [String: JSONValue] = [:]
            out.reserveCapacity(members.count)
            for (key, member) in members {
                let name = foldedRenames[key] ?? key
                if name != key, members[name] != nil { continue }
                out[name] = foldedFields[name]?.apiSpelling(of: member) ?? member
            }
            return .object(out)
        case .null, .bool, .number, .string:
            return value
        }
    }

    /// Options for log payloads: enum values this build does not know read as unspecified (logs gain values before
    /// the API docs do), unknown members such as `pointHandle` are skipped, and keys match folded.
    public static let decodingOptions = ProtoJSONDecodingOptions(lenientEnums: true, caseInsensitiveKeys: true)

    /// Decodes a folded log payload as a Fleet Engine message (a trip, a vehicle, a task…), after renaming its
    /// fields: straight from the value when FleetModel's direct source can, else through `JSONDecoder` for the same
    /// result or the error.
    public func decode<Message: ProtoMessage>(
        _ type: Message.Type, from value: JSONValue
    ) throws(ProtoJSONError) -> Message {
        try ProtoJSON.decode(Message.self, from: apiSpelling(of: value), options: Self.decodingOptions)
    }
}
