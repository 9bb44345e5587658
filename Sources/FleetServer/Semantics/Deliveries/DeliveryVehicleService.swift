import FleetModel
import Foundation

/// Fleet Engine's rules for delivery vehicles, on values: what CreateDeliveryVehicle may set, what
/// UpdateDeliveryVehicle may change, and the stops list that assigns and closes tasks (``StopsChange``).
public enum DeliveryVehicleService {
    /// Fields an UpdateDeliveryVehicle mask may name.
    static let updatableFields: Set<String> = [
        "lastLocation", "pastLocations", "navigationStatus", "currentRouteSegment", "currentRouteSegmentEndPoint",
        "remainingDistanceMeters", "remainingDuration", "remainingVehicleJourneySegments", "attributes", "type",
    ]
    /// Fleet Engine's limits on one vehicle's itinerary.
    static let maximumSegments = 300
    static let maximumTasks = 500

    /// The vehicle CreateDeliveryVehicle stores. Only `type`, `lastLocation` and `attributes` may be set (`name` is
    /// ignored); any other field is INVALID_ARGUMENT naming it. An unset type is AUTO.
    public static func create(
        _ input: DeliveryVehicle, name: DeliveryVehicleName, now: ProtoTimestamp
    ) throws(FleetError) -> DeliveryVehicle {
        let forbidden: [(String, Bool)] = [
            ("pastLocations", !input.pastLocations.isEmpty),
            ("navigationStatus", input.navigationStatus != .unknownNavigationStatus),
            ("currentRouteSegment", !input.currentRouteSegment.isEmpty),
            ("currentRouteSegmentEndPoint", input.currentRouteSegmentEndPoint != nil),
            ("remainingDistanceMeters", input.remainingDistanceMeters != nil),
            ("remainingDuration", input.remainingDuration != nil),
            ("remainingVehicleJourneySegments", !input.remainingVehicleJourneySegments.isEmpty),
        ]
        if let (field, _) = forbidden.first(where: \.1) {
            throw .invalidArgument(
                "deliveryVehicle.\(field) cannot be set by CreateDeliveryVehicle: only type, lastLocation and attributes can"
            )
        }
        var vehicle = DeliveryVehicle(
            name: name.description, type: input.type == .deliveryVehicleTypeUnspecified ? .auto : input.type)
        vehicle.attributes = try attributes(input.attributes)
        if let location = input.lastLocation {
            vehicle.lastLocation = try location.stamped(now: now, field: "deliveryVehicle.lastLocation")
        }
        return vehicle
    }

    /// The vehicle after UpdateDeliveryVehicle's other fields; the stops (`remainingVehicleJourneySegments`) are
    /// ``stops(_:for:)``'s, since they touch tasks.
    static func update(
        _ current: DeliveryVehicle, with patch: DeliveryVehicle, mask: FieldMask, now: ProtoTimestamp
    ) throws(FleetError) -> DeliveryVehicle {
        if mask.contains("name") { throw .invalidArgument("updateMask: a delivery vehicle's name cannot be changed") }
        try mask.validate(against: updatableFields, message: "DeliveryVehicle")
        var v = current
        for path in mask.paths {
            switch path {
            case "lastLocation":
                v.lastLocation = try patch.lastLocation.map { location throws(FleetError) in
                    try location.stamped(now: now, field: "deliveryVehicle.lastLocation")
                }
            case "pastLocations":
                // Input only, a backlog the device could not send: checked, and the newest counts when it is newer
                // than the last location.
                for (i, location) in patch.pastLocations.enumerated() {
                    let stamped = try location.stamped(now: now, field: "deliveryVehicle.pastLocations[\(i)]")
                    if !mask.contains("lastLocation"), let time = stamped.updateTime,
                        time > (v.lastLocation?.updateTime ?? ProtoTimestamp(seconds: 0))
                    {
                        v.lastLocation = stamped
                    }
                }
            case "navigationStatus": v.navigationStatus = patch.navigationStatus
            case "currentRouteSegment": v.currentRouteSegment = patch.currentRouteSegment
            case "currentRouteSegmentEndPoint":
                if let point = patch.currentRouteSegmentEndPoint {
                    try TripService.validate(point, field: "deliveryVehicle.currentRouteSegmentEndPoint")
                }
                v.currentRouteSegmentEndPoint = patch.currentRouteSegmentEndPoint
            case "remainingDistanceMeters":
                if let meters = patch.remainingDistanceMeters, meters < 0 {
                    throw .invalidArgument("deliveryVehicle.remainingDistanceMeters \(meters) is negative")
                }
                v.remainingDistanceMeters = patch.remainingDistanceMeters
            case "remainingDuration":
                if let duration = patch.remainingDuration, duration.seconds < 0 {
                    throw .invalidArgument("deliveryVehicle.remainingDuration \(duration) is negative")
                }
                v.remainingDuration = patch.remainingDuration
            case "attributes": v.attributes = try attributes(patch.attributes)
            case "type":
                v.type = patch.type == .deliveryVehicleTypeUnspecified ? .auto : patch.type
            default: break  // remainingVehicleJourneySegments: stops(_:for:)
            }
        }
        v.pastLocations = []
        return v
    }

    /// What a new stops list does to the vehicle's tasks: the list as stored (input-only and answer-only fields
    /// dropped), the tasks it assigns to the vehicle, and the vehicle's tasks it no longer lists, which close.
    struct StopsChange {
        var segments: [VehicleJourneySegment]
        var assigned: [String]
        var closed: [String]
    }

    /// Checks a whole remaining itinerary against the tasks it names (`tasks`, by id, nil where no such task) and
    /// the vehicle's OPEN tasks (`open`): each stop needs a planned location; a task is listed once, exists, is
    /// OPEN, and is this vehicle's or no vehicle's.
    static func stops(
        _ segments: [VehicleJourneySegment], vehicleID: String, tasks: [String: DeliveryTask], open: [DeliveryTask]
    ) throws(FleetError) -> StopsChange {
        let field = "deliveryVehicle.remainingVehicleJourneySegments"
        guard segments.count <= maximumSegments else {
            throw .invalidArgument(
                "\(field) has \(segments.count) stops; a delivery vehicle has at most \(maximumSegments)")
        }
        var stored: [VehicleJourneySegment] = []
        var listed: Set<String> = []
        var assigned: [String] = []
        for (i, segment) in segments.enumerated() {
            let at = "\(field)[\(i)].stop"
            guard let stop = segment.stop else { throw .invalidArgument("\(at) is required") }
            guard let point = stop.plannedLocation?.point else {
                throw .invalidArgument("\(at).plannedLocation.point is required")
            }
            try TripService.validate(point, field: "\(at).plannedLocation.point")
            var infos: [VehicleStop.TaskInfo] = []
            for (j, info) in stop.tasks.enumerated() {
                let id = info.taskId
                guard !id.isEmpty else { throw .invalidArgument("\(at).tasks[\(j)].taskId is required") }
                guard listed.insert(id).inserted else {
                    throw .invalidArgument("\(at).tasks[\(j)]: task \"\(id)\" is listed twice in the stops")
                }
                guard let task = tasks[id] else {
                    throw .notFound("\(at).tasks[\(j)]: task \"\(id)\" does not exist")
                }
                guard task.state == .open else {
                    throw .failedPrecondition("\(at).tasks[\(j)]: task \"\(id)\" is CLOSED and cannot be assigned")
                }
                if task.deliveryVehicleId.isEmpty {
                    assigned.append(id)
                } else if task.deliveryVehicleId != vehicleID {
                    throw .failedPrecondition(
                        "\(at).tasks[\(j)]: task \"\(id)\" is assigned to delivery vehicle \"\(task.deliveryVehicleId)\"; close it and create a new task to move the shipment"
                    )
                }
                infos.append(VehicleStop.TaskInfo(taskId: id))
            }
            stored.append(
                VehicleJourneySegment(
                    stop: VehicleStop(plannedLocation: LocationInfo(point: point), tasks: infos, state: stop.state)))
        }
        guard listed.count <= maximumTasks else {
            throw .invalidArgument(
                "\(field) lists \(listed.count) tasks; a delivery vehicle has at most \(maximumTasks)")
        }
        let closed = open.map(TaskService.id).filter { !listed.contains($0) }
        return StopsChange(segments: stored, assigned: assigned, closed: closed)
    }

    /// Delivery vehicle attributes under the on-demand rules (at most 100, unique keys without ':', `key:value` at
    /// most 256 characters, `value` and `stringValue` alike), answered with both spellings of a string filled.
    static func attributes(_ input: [DeliveryVehicleAttribute]) throws(FleetError) -> [DeliveryVehicleAttribute] {
        try VehicleService.validateAttributes(input.map(onDemand), field: "deliveryVehicle.attributes")
        return input.map { attribute in
            var filled = attribute
            switch attribute.deliveryVehicleAttributeValue {
            case .stringValue(let text): filled.value = text
            case nil: filled.deliveryVehicleAttributeValue = .stringValue(attribute.value)
            case .boolValue, .numberValue: break
            }
            return filled
        }
    }

    /// The attribute as the on-demand API's: the two have the same rules, and ListDeliveryVehicles' filter is
    /// ListVehicles' (``VehicleAttributeFilter``).
    static func onDemand(_ attribute: DeliveryVehicleAttribute) -> VehicleAttribute {
        var converted = VehicleAttribute(key: attribute.key, value: attribute.value)
        switch attribute.deliveryVehicleAttributeValue {
        case .stringValue(let text): converted.vehicleAttributeValue = .stringValue(text)
        case .boolValue(let flag): converted.vehicleAttributeValue = .boolValue(flag)
        case .numberValue(let number): converted.vehicleAttributeValue = .numberValue(number)
        case nil: break
        }
        return converted
    }
}
