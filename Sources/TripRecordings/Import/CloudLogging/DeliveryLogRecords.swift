import FleetModel

/// The Deliveries API's entries of an export, decoded: CreateDeliveryVehicle and UpdateDeliveryVehicle into each
/// van's reports, CreateTask, BatchCreateTasks and UpdateTask into each task's states. The answers are the whole
/// resource after the call (deliveries reference §7), so each one is a state; a failed call changed nothing.
struct DeliveryLogRecords {
    var vans: [String: (name: String, reports: [(LogOrder, DeliveryVanReport)])] = [:]
    var tasks: [String: [(LogOrder, TaskState)]] = [:]

    /// Decodes one delivery entry; throws what is wrong with it.
    mutating func add(_ entry: LogEntry) throws(LogEntryProblem) {
        guard let response = entry.response else {
            if entry.payload["errorresponse"] != nil { return }
            throw LogEntryProblem("no response and no errorResponse")
        }
        switch entry.method {
        case .createDeliveryVehicle, .updateDeliveryVehicle:
            try addVan(entry, response: response)
        case .createTask, .updateTask:
            let task = try Self.decode(DeliveryTask.self, LogSchema.task, response, at: "jsonPayload.response")
            try addTask(task, entry: entry, id: entry.request?.logText("taskid"))
        case .batchCreateTasks:
            for (index, item) in (response["tasks"]?.logArray ?? []).enumerated() {
                let task = try Self.decode(
                    DeliveryTask.self, LogSchema.task, item, at: "jsonPayload.response.tasks[\(index)]")
                try addTask(task, entry: entry, id: nil)
            }
        default:
            return
        }
    }

    private mutating func addVan(_ entry: LogEntry, response: JSONValue) throws(LogEntryProblem) {
        var vehicle = try Self.decode(
            DeliveryVehicle.self, LogSchema.deliveryVehicle, response, at: "jsonPayload.response")
        let sent = try entry.request?["deliveryvehicle"].map { json throws(LogEntryProblem) in
            try Self.decode(
                DeliveryVehicle.self, LogSchema.deliveryVehicle, json, at: "jsonPayload.request.deliveryVehicle")
        }
        guard
            let id = entry.request?.logText("deliveryvehicleid")
                ?? (try? DeliveryVehicleName(parsing: vehicle.name))?.vehicleID
                ?? entry.labels["deliveryvehicleid"]
        else {
            throw LogEntryProblem(
                "no deliveryVehicleId in the request, name in the response, or delivery_vehicle_id label")
        }
        if vehicle.lastLocation?.location == nil,
            let raw = vehicle.lastLocation?.rawLocation ?? sent?.lastLocation?.location
        {
            vehicle.lastLocation?.location = raw
        }
        let mask = entry.request?.logText("updatemask").map { text in
            Set(text.split(separator: ",").map { LogKeyFolding.fold(String($0)) })
        }
        // A create sets the stops it names; an update those its mask names, and echoes them otherwise, when its
        // answer holds any.
        let setsStops =
            entry.method == .createDeliveryVehicle || mask?.contains("remainingvehiclejourneysegments") == true
        let stops = vehicle.remainingVehicleJourneySegments.compactMap(\.stop)
        let report = DeliveryVanReport(
            time: entry.time, vehicle: vehicle, stops: setsStops || !stops.isEmpty ? stops : nil,
            remainingDuration: sent?.remainingDuration)
        let name =
            vehicle.name.isEmpty ? "providers/\(entry.project ?? "unknown")/deliveryVehicles/\(id)" : vehicle.name
        vans[id, default: (name, [])].reports.append((entry.order, report))
    }

    private mutating func addTask(_ task: DeliveryTask, entry: LogEntry, id: String?) throws(LogEntryProblem) {
        guard let id = id ?? (try? TaskName(parsing: task.name))?.taskID ?? entry.labels["taskid"] else {
            throw LogEntryProblem("no taskId in the request, name in the response, or task_id label")
        }
        tasks[id, default: []].append((entry.order, TaskState(time: entry.time, task: task)))
    }

    private static func decode<Message: ProtoMessage>(
        _ type: Message.Type, _ schema: LogSchema, _ value: JSONValue, at path: String
    ) throws(LogEntryProblem) -> Message {
        do {
            return try schema.decode(type, from: value)
        } catch {
            throw LogEntryProblem("\(path).\(error)")
        }
    }

    /// The day, each van's reports and each task's states in time order.
    func recording(source: String) -> DeliveryRecording {
        let days = vans.map { id, van in
            DeliveryVanDay(
                vehicleId: id, name: van.name, reports: van.reports.sorted { $0.0 < $1.0 }.map(\.1))
        }
        return DeliveryRecording(
            source: source, vans: days.sorted { $0.vehicleId < $1.vehicleId },
            tasks: tasks.mapValues { $0.sorted { $0.0 < $1.0 }.map(\.1) })
    }
}
