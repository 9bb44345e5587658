import FleetModel

/// Fleet Engine's rules for tasks, on values: what CreateTask requires and refuses, and what UpdateTask may change
/// (an outcome once set stays, a task closes directly only while unassigned, and never reopens).
public enum TaskService {
    /// Fields an UpdateTask mask may name.
    static let updatableFields: Set<String> = [
        "state", "taskOutcome", "taskOutcomeTime", "taskOutcomeLocation", "targetTimeWindow", "taskTrackingViewConfig",
        "attributes",
    ]
    /// Set once, at creation.
    static let immutableFields: Set<String> = ["type", "trackingId", "plannedLocation", "taskDuration"]
    /// The server's: derived or kept by Fleet Engine.
    static let serverFields: Set<String> = [
        "name", "deliveryVehicleId", "journeySharingInfo", "taskOutcomeLocationSource",
    ]
    /// A task attribute's `key:value` text is at most this long.
    static let maxAttributeLength = 256

    /// The task CreateTask stores, OPEN and unassigned.
    public static func create(
        _ input: DeliveryTask, name: TaskName, field: String = "task"
    ) throws(FleetError)
        -> DeliveryTask
    {
        guard input.type != .typeUnspecified else {
            throw .invalidArgument("\(field).type is required (PICKUP, DELIVERY, SCHEDULED_STOP or UNAVAILABLE)")
        }
        guard input.state == .open else {
            throw .invalidArgument("\(field).state must be OPEN: a task is created OPEN")
        }
        guard let duration = input.taskDuration else { throw .invalidArgument("\(field).taskDuration is required") }
        guard duration.seconds >= 0, duration.nanos >= 0 else {
            throw .invalidArgument("\(field).taskDuration \(duration) is negative")
        }
        if let point = input.plannedLocation?.point {
            try TripService.validate(point, field: "\(field).plannedLocation.point")
        } else if input.type != .unavailable {
            throw .invalidArgument("\(field).plannedLocation.point is required (except for UNAVAILABLE tasks)")
        }
        switch input.type {
        case .unavailable, .scheduledStop:
            guard input.trackingId.isEmpty else {
                throw .invalidArgument("\(field).trackingId must not be set on a \(input.type.protoName) task")
            }
        default:
            guard !input.trackingId.isEmpty else {
                throw .invalidArgument("\(field).trackingId is required on a \(input.type.protoName) task")
            }
            if let problem = ResourceID.problem(withID: input.trackingId) {
                throw .invalidArgument("\(field).trackingId \"\(input.trackingId)\" \(problem)")
            }
        }
        let forbidden: [(String, Bool)] = [
            ("taskOutcome", input.taskOutcome != .taskOutcomeUnspecified),
            ("taskOutcomeTime", input.taskOutcomeTime != nil),
            ("taskOutcomeLocation", input.taskOutcomeLocation != nil),
            ("taskOutcomeLocationSource", input.taskOutcomeLocationSource != .taskOutcomeLocationSourceUnspecified),
            ("deliveryVehicleId", !input.deliveryVehicleId.isEmpty),
            ("journeySharingInfo", input.journeySharingInfo != nil),
        ]
        if let (name, _) = forbidden.first(where: \.1) {
            let hint =
                name == "deliveryVehicleId"
                ? ": tasks are assigned by listing them in a delivery vehicle's remainingVehicleJourneySegments" : ""
            throw .invalidArgument("\(field).\(name) cannot be set by CreateTask\(hint)")
        }
        if let window = input.targetTimeWindow { try validate(window, field: "\(field).targetTimeWindow") }
        if let config = input.taskTrackingViewConfig {
            try validate(config, field: "\(field).taskTrackingViewConfig")
        }
        var task = input
        task.name = name.description
        task.attributes = try attributes(input.attributes, field: "\(field).attributes")
        return task
    }

    /// The task after UpdateTask. `vehicleLocation` is the assigned vehicle's last location, recorded as the
    /// outcome's place when the update sets an outcome without one.
    static func update(
        _ current: DeliveryTask, with patch: DeliveryTask, mask: FieldMask, vehicleLocation: DeliveryVehicleLocation?
    ) throws(FleetError) -> DeliveryTask {
        for path in mask.paths {
            if immutableFields.contains(path) {
                throw .invalidArgument("updateMask: task.\(path) is set at creation and cannot be changed")
            }
            if serverFields.contains(path) {
                throw .invalidArgument("updateMask: task.\(path) is kept by the server and cannot be updated")
            }
        }
        try mask.validate(against: updatableFields, message: "Task")
        var task = current
        for path in mask.paths {
            switch path {
            case "state":
                switch (current.state, patch.state) {
                case (_, .stateUnspecified):
                    throw .invalidArgument("task.state must be OPEN or CLOSED")
                case (.closed, .open):
                    throw .failedPrecondition("task \(current.name) is CLOSED and cannot be reopened")
                case (.open, .closed) where !current.deliveryVehicleId.isEmpty:
                    throw .failedPrecondition(
                        "task \(current.name) is assigned to delivery vehicle \"\(current.deliveryVehicleId)\": it closes when its stop leaves the vehicle's remainingVehicleJourneySegments"
                    )
                default: task.state = patch.state
                }
            case "taskOutcome":
                if current.taskOutcome != .taskOutcomeUnspecified, patch.taskOutcome != current.taskOutcome {
                    throw .failedPrecondition(
                        "task \(current.name) already has the outcome \(current.taskOutcome.protoName), which cannot change"
                    )
                }
                task.taskOutcome = patch.taskOutcome
            case "taskOutcomeTime": task.taskOutcomeTime = patch.taskOutcomeTime
            case "taskOutcomeLocation":
                if let point = patch.taskOutcomeLocation?.point {
                    try TripService.validate(point, field: "task.taskOutcomeLocation.point")
                }
                task.taskOutcomeLocation = patch.taskOutcomeLocation
                task.taskOutcomeLocationSource =
                    patch.taskOutcomeLocation == nil ? .taskOutcomeLocationSourceUnspecified : .provider
            case "targetTimeWindow":
                if let window = patch.targetTimeWindow { try validate(window, field: "task.targetTimeWindow") }
                task.targetTimeWindow = patch.targetTimeWindow
            case "taskTrackingViewConfig":
                if let config = patch.taskTrackingViewConfig {
                    try validate(config, field: "task.taskTrackingViewConfig")
                }
                task.taskTrackingViewConfig = patch.taskTrackingViewConfig
            case "attributes": task.attributes = try attributes(patch.attributes, field: "task.attributes")
            default: break
            }
        }
        // An outcome set without a place is recorded where the vehicle last was, raw as reported.
        if mask.contains("taskOutcome"), current.taskOutcome == .taskOutcomeUnspecified,
            task.taskOutcome != .taskOutcomeUnspecified, !mask.contains("taskOutcomeLocation"),
            let point = vehicleLocation?.rawLocation ?? vehicleLocation?.location
        {
            task.taskOutcomeLocation = LocationInfo(point: point)
            task.taskOutcomeLocationSource = .lastVehicleLocation
        }
        return task
    }

    /// The task id, the last segment of its name.
    static func id(_ task: DeliveryTask) -> String { ResourceID.last(in: task.name) }

    /// Tasks by id (the first of a repeated id).
    static func byID(_ tasks: [DeliveryTask]) -> [String: DeliveryTask] {
        Dictionary(tasks.map { (id($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func validate(_ window: TimeWindow, field: String) throws(FleetError) {
        guard let start = window.startTime else { throw .invalidArgument("\(field).startTime is required") }
        guard let end = window.endTime else { throw .invalidArgument("\(field).endTime is required") }
        guard start <= end else { throw .invalidArgument("\(field) ends (\(end)) before it starts (\(start))") }
    }

    /// Each visibility option: `always` and `never` only as true, thresholds not negative.
    static func validate(_ config: TaskTrackingViewConfig, field: String) throws(FleetError) {
        let elements: [(String, TaskTrackingViewConfig.VisibilityOption?)] = [
            ("routePolylinePointsVisibility", config.routePolylinePointsVisibility),
            ("estimatedArrivalTimeVisibility", config.estimatedArrivalTimeVisibility),
            ("estimatedTaskCompletionTimeVisibility", config.estimatedTaskCompletionTimeVisibility),
            ("remainingDrivingDistanceVisibility", config.remainingDrivingDistanceVisibility),
            ("remainingStopCountVisibility", config.remainingStopCountVisibility),
            ("vehicleLocationVisibility", config.vehicleLocationVisibility),
        ]
        for case (let name, let option?) in elements {
            let at = "\(field).\(name)"
            switch option.visibilityOption {
            case nil: throw .invalidArgument("\(at) sets no option")
            case .always(false), .never(false): throw .invalidArgument("\(at): always and never take only true")
            case .remainingStopCountThreshold(let n) where n < 0,
                .remainingDrivingDistanceMetersThreshold(let n) where n < 0:
                throw .invalidArgument("\(at): a threshold cannot be negative")
            case .durationUntilEstimatedArrivalTimeThreshold(let d) where d.seconds < 0:
                throw .invalidArgument("\(at): a threshold cannot be negative")
            default: break
            }
        }
    }

    /// Task attributes: unique non-empty keys without ':', `key:value` at most 256 characters; an attribute with no
    /// value set is the empty string.
    static func attributes(_ input: [TaskAttribute], field: String) throws(FleetError) -> [TaskAttribute] {
        var keys: Set<String> = []
        var result: [TaskAttribute] = []
        for (i, attribute) in input.enumerated() {
            if attribute.key.isEmpty || attribute.key.contains(":") {
                throw .invalidArgument("\(field)[\(i)].key must be non-empty and contain no ':'")
            }
            guard keys.insert(attribute.key).inserted else {
                throw .invalidArgument("\(field)[\(i)].key \"\(attribute.key)\" appears twice; keys must be unique")
            }
            var filled = attribute
            if filled.taskAttributeValue == nil { filled.taskAttributeValue = .stringValue("") }
            let length = attribute.key.count + 1 + text(filled).count
            guard length <= maxAttributeLength else {
                throw .invalidArgument(
                    "\(field)[\(i)] is \(length) characters as key:value; at most \(maxAttributeLength) are allowed")
            }
            result.append(filled)
        }
        return result
    }

    /// An attribute's value as a string, as filters compare it.
    static func text(_ attribute: TaskAttribute) -> String {
        switch attribute.taskAttributeValue {
        case .stringValue(let text): text
        case .boolValue(let flag): VehicleAttributeFilter.text(of: flag)
        case .numberValue(let n): VehicleAttributeFilter.text(of: n)
        case nil: ""
        }
    }
}
