import FleetModel

/// Fleet Engine's rules for vehicles, on values: required fields on CreateVehicle, what UpdateVehicle may set,
/// and how a location report is stamped (server time, route segment version, ETA from remaining time).
public enum VehicleService {
    /// Fields an UpdateVehicle mask may name and that are applied.
    static let updatableFields: Set<String> = [
        "vehicleState", "supportedTripTypes", "lastLocation", "pastLocations", "maximumCapacity", "attributes",
        "vehicleType", "licensePlate", "route", "currentRouteSegment", "currentRouteSegmentTraffic",
        "currentRouteSegmentEndPoint", "remainingDistanceMeters", "etaToFirstWaypoint", "remainingTimeSeconds",
        "waypoints", "backToBackEnabled", "navigationStatus", "deviceSettings",
    ]
    /// Output-only fields: accepted in a mask and ignored.
    static let ignoredFields: Set<String> = [
        "name", "currentTrips", "currentRouteSegmentVersion", "waypointsVersion", "availableCapacity",
    ]

    /// The vehicle CreateVehicle stores: required fields checked, output-only and ignored fields cleared.
    public static func create(_ input: Vehicle, name: VehicleName, now: ProtoTimestamp) throws(FleetError) -> Vehicle {
        guard input.vehicleState != .unknownVehicleState else {
            throw .invalidArgument("vehicle.vehicleState is required (OFFLINE or ONLINE)")
        }
        try validateTripTypes(input.supportedTripTypes)
        try validateCapacity(input.maximumCapacity)
        try validateType(input.vehicleType)
        try validatePlate(input.licensePlate)
        try validateAttributes(input.attributes)
        var vehicle = Vehicle(
            name: name.description, vehicleState: input.vehicleState, supportedTripTypes: input.supportedTripTypes,
            maximumCapacity: input.maximumCapacity, vehicleType: input.vehicleType)
        vehicle.attributes = input.attributes
        vehicle.licensePlate = input.licensePlate
        vehicle.backToBackEnabled = input.backToBackEnabled
        vehicle.deviceSettings = input.deviceSettings
        if let location = input.lastLocation {
            vehicle.lastLocation = try stamped(location, now: now, field: "vehicle.lastLocation")
        }
        return vehicle
    }

    /// The vehicle after UpdateVehicle. `trips` are its active trips, to check an explicit `waypoints` order.
    public static func update(
        _ current: Vehicle, with patch: Vehicle, mask: FieldMask, now: ProtoTimestamp
    ) throws(FleetError) -> Vehicle {
        try mask.validate(against: updatableFields.union(ignoredFields), message: "Vehicle")
        var v = current
        for path in mask.paths where updatableFields.contains(path) {
            switch path {
            case "vehicleState":
                guard patch.vehicleState != .unknownVehicleState else {
                    throw .invalidArgument("vehicle.vehicleState must be OFFLINE or ONLINE")
                }
                v.vehicleState = patch.vehicleState
            case "supportedTripTypes":
                try validateTripTypes(patch.supportedTripTypes)
                v.supportedTripTypes = patch.supportedTripTypes
            case "lastLocation":
                if let location = patch.lastLocation {
                    v.lastLocation = try stamped(location, now: now, field: "vehicle.lastLocation")
                } else {
                    v.lastLocation = nil
                }
            case "pastLocations":
                // Input only: an offline backlog. Only the newest counts, and only if newer than lastLocation.
                for (i, location) in patch.pastLocations.enumerated() {
                    _ = try stamped(location, now: now, field: "vehicle.pastLocations[\(i)]")
                }
            case "maximumCapacity":
                try validateCapacity(patch.maximumCapacity)
                v.maximumCapacity = patch.maximumCapacity
            case "attributes":
                try validateAttributes(patch.attributes)
                v.attributes = patch.attributes
            case "vehicleType":
                try validateType(patch.vehicleType)
                v.vehicleType = patch.vehicleType
            case "licensePlate":
                try validatePlate(patch.licensePlate)
                v.licensePlate = patch.licensePlate
            case "route": v.route = patch.route
            case "currentRouteSegment":
                if !patch.currentRouteSegment.isEmpty {
                    do {
                        _ = try S2Polyline.decode(patch.currentRouteSegment)
                    } catch {
                        throw .invalidArgument("vehicle.currentRouteSegment is not an S2 polyline: \(error)")
                    }
                }
                if patch.currentRouteSegment != current.currentRouteSegment || current.currentRouteSegmentVersion == nil
                {
                    v.currentRouteSegment = patch.currentRouteSegment
                    v.currentRouteSegmentVersion = now
                }
            case "currentRouteSegmentTraffic": v.currentRouteSegmentTraffic = patch.currentRouteSegmentTraffic
            case "currentRouteSegmentEndPoint": v.currentRouteSegmentEndPoint = patch.currentRouteSegmentEndPoint
            case "remainingDistanceMeters":
                if let d = patch.remainingDistanceMeters, d < 0 {
                    throw .invalidArgument("vehicle.remainingDistanceMeters \(d) is negative")
                }
                v.remainingDistanceMeters = patch.remainingDistanceMeters
            case "etaToFirstWaypoint":
                // remainingTimeSeconds, when in the same mask, takes precedence (applied below).
                v.etaToFirstWaypoint = patch.etaToFirstWaypoint
            case "remainingTimeSeconds": break
            case "waypoints": v.waypoints = patch.waypoints.map(TripWaypoints.stripped)
            case "backToBackEnabled": v.backToBackEnabled = patch.backToBackEnabled
            case "navigationStatus": v.navigationStatus = patch.navigationStatus
            case "deviceSettings": v.deviceSettings = patch.deviceSettings
            default: break
            }
        }
        if mask.contains("remainingTimeSeconds") {
            if let seconds = patch.remainingTimeSeconds {
                guard seconds >= 0 else {
                    throw .invalidArgument("vehicle.remainingTimeSeconds \(seconds) is negative")
                }
                v.etaToFirstWaypoint = now + .seconds(Int64(seconds))
            } else if !mask.contains("etaToFirstWaypoint") {
                v.etaToFirstWaypoint = nil
            }
        }
        v.remainingTimeSeconds = nil
        v.pastLocations = []
        return v
    }

    /// Checks that an UpdateVehicle `waypoints` list holds exactly the vehicle's current stops, in any order.
    static func validateWaypointOrder(_ given: [TripWaypoint], against current: [TripWaypoint]) throws(FleetError) {
        var remaining = current
        for (i, waypoint) in given.enumerated() {
            guard let j = remaining.firstIndex(where: { TripWaypoints.same($0, waypoint) }) else {
                throw .invalidArgument(
                    "vehicle.waypoints[\(i)] (trip \"\(waypoint.tripId)\") is not one of the vehicle's remaining waypoints"
                )
            }
            remaining.remove(at: j)
        }
        if let missing = remaining.first {
            throw .invalidArgument(
                "vehicle.waypoints must contain all remaining waypoints; missing one of trip \"\(missing.tripId)\"")
        }
    }

    /// A reported location with the server's receive time (``ReportedLocation``).
    static func stamped(
        _ location: VehicleLocation, now: ProtoTimestamp, field: String
    ) throws(FleetError) -> VehicleLocation {
        try location.stamped(now: now, field: field)
    }

    static func validateTripTypes(_ types: [TripType]) throws(FleetError) {
        guard !types.isEmpty else {
            throw .invalidArgument("vehicle.supportedTripTypes is required (SHARED and/or EXCLUSIVE)")
        }
        if types.contains(.unknownTripType) {
            throw .invalidArgument("vehicle.supportedTripTypes must not contain UNKNOWN_TRIP_TYPE")
        }
    }

    static func validateCapacity(_ capacity: Int32) throws(FleetError) {
        guard capacity >= 1 else {
            throw .invalidArgument("vehicle.maximumCapacity is required and must be at least 1")
        }
    }

    static func validateType(_ type: Vehicle.VehicleType?) throws(FleetError) {
        guard type != nil else { throw .invalidArgument("vehicle.vehicleType is required") }
    }

    static func validatePlate(_ plate: LicensePlate?) throws(FleetError) {
        if let plate, plate.countryCode.isEmpty {
            throw .invalidArgument("vehicle.licensePlate.countryCode is required")
        }
    }

    /// A vehicle holds at most this many attributes.
    static let maxAttributes = 100
    /// An attribute's `key:value` text is at most this long.
    static let maxAttributeLength = 256

    /// Fleet Engine's rules for vehicle attributes (reference: `Vehicle.attributes`, `VehicleAttribute`): at most
    /// 100, unique non-empty keys without ':', `key:value` at most 256 characters, and `value` and `stringValue`
    /// the same when both are set. `field` names the list in messages.
    static func validateAttributes(
        _ attributes: [VehicleAttribute], field: String = "vehicle.attributes"
    ) throws(FleetError) {
        guard attributes.count <= maxAttributes else {
            throw .invalidArgument(
                "\(field) has \(attributes.count) entries; at most \(maxAttributes) are allowed")
        }
        var keys: Set<String> = []
        for (i, attribute) in attributes.enumerated() {
            if attribute.key.isEmpty || attribute.key.contains(":") {
                throw .invalidArgument("\(field)[\(i)].key must be non-empty and contain no ':'")
            }
            guard keys.insert(attribute.key).inserted else {
                throw .invalidArgument("\(field)[\(i)].key \"\(attribute.key)\" appears twice; keys must be unique")
            }
            if case .stringValue(let text) = attribute.vehicleAttributeValue, !attribute.value.isEmpty,
                attribute.value != text
            {
                throw .invalidArgument("\(field)[\(i)]: value and stringValue differ; set one, or both the same")
            }
            let length = attribute.key.count + 1 + attribute.stringValue.count
            guard length <= maxAttributeLength else {
                throw .invalidArgument(
                    "\(field)[\(i)] is \(length) characters as key:value; at most \(maxAttributeLength) are allowed")
            }
        }
    }

    /// `changes` set on `attributes` by key: an attribute with a key already there replaces it in its place, the
    /// others follow in their order (UpdateVehicleAttributes).
    static func merge(_ changes: [VehicleAttribute], into attributes: [VehicleAttribute]) -> [VehicleAttribute] {
        var merged = attributes
        for change in changes {
            if let index = merged.firstIndex(where: { $0.key == change.key }) {
                merged[index] = change
            } else {
                merged.append(change)
            }
        }
        return merged
    }
}
