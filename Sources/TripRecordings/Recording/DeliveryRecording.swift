import FleetModel

/// What a Deliveries API export says about a day: each delivery vehicle after each of its calls and each task after
/// each of its calls, in time order — what `tripterm check` makes the vans' report cards from.
///
/// ```swift
/// let day = try CloudLoggingImporter.read(data, path: "lmfs.json").deliveries
/// day.vans.map(\.vehicleId)          // ["van-1", "van-2"]
/// day.tasks["t-3"]?.last?.task.taskOutcome   // .failed
/// ```
public struct DeliveryRecording: Sendable, Equatable {
    /// Where it came from, for people: `Cloud Logging export lmfs.json`.
    public var source: String
    /// The vans, by vehicle id.
    public var vans: [DeliveryVanDay]
    /// Each task's states by task id, in time order.
    public var tasks: [String: [TaskState]]

    public init(source: String, vans: [DeliveryVanDay] = [], tasks: [String: [TaskState]] = [:]) {
        self.source = source
        self.vans = vans
        self.tasks = tasks
    }

    public var isEmpty: Bool { vans.isEmpty && tasks.isEmpty }

    /// A task as it stood after its last call.
    public func lastState(of taskID: String) -> DeliveryTask? { tasks[taskID]?.last?.task }
}

/// One delivery vehicle's calls over the export.
public struct DeliveryVanDay: Sendable, Equatable {
    public var vehicleId: String
    /// `providers/{p}/deliveryVehicles/{id}`.
    public var name: String
    public var reports: [DeliveryVanReport]

    public init(vehicleId: String, name: String, reports: [DeliveryVanReport] = []) {
        self.vehicleId = vehicleId
        self.name = name
        self.reports = reports
    }
}

/// A delivery vehicle as Fleet Engine kept it after one call.
public struct DeliveryVanReport: Sendable, Equatable {
    public var time: ProtoTimestamp
    /// The vehicle after the call, its location with the raw fix standing in for a redacted one.
    public var vehicle: DeliveryVehicle
    /// The remaining stops after the call; nil when the call neither set them nor echoed them (a location report
    /// whose answer left them out), so that they stand as before.
    public var stops: [VehicleStop]?
    /// Time to the first stop as the driver reported it in this call (`remainingDuration` in the request); nil when
    /// the call did not report one.
    public var remainingDuration: ProtoDuration?

    public init(
        time: ProtoTimestamp, vehicle: DeliveryVehicle, stops: [VehicleStop]? = nil,
        remainingDuration: ProtoDuration? = nil
    ) {
        self.time = time
        self.vehicle = vehicle
        self.stops = stops
        self.remainingDuration = remainingDuration
    }
}

/// A task as Fleet Engine kept it after one call.
public struct TaskState: Sendable, Equatable {
    public var time: ProtoTimestamp
    public var task: DeliveryTask

    public init(time: ProtoTimestamp, task: DeliveryTask) {
        self.time = time
        self.task = task
    }
}
