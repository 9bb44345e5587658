import FleetModel
import Foundation

/// DeliveryService's task methods: CreateTask, BatchCreateTasks, GetTask, UpdateTask, DeleteTask, ListTasks, and
/// the consumer's GetTaskTrackingInfo.
extension FleetMethods {
    func perform(
        _ request: CreateTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryTask {
        try Authorizer.authorize(principal, .createTask)
        let provider = try Self.provider(ofParent: request.parent)
        let (name, task) = try Self.newTask(request, provider: provider)
        try await store.write { tx in
            guard try tx.insert(task, as: name) else { throw FleetError(.alreadyExists, "task \(name) already exists") }
        }
        return task
    }

    /// At most 500 tasks, each under CreateTask's rules, in one transaction: all are created or none.
    func perform(
        _ request: BatchCreateTasksRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> BatchCreateTasksResponse {
        try Authorizer.authorize(principal, .createTask)
        let provider = try Self.provider(ofParent: request.parent)
        guard !request.requests.isEmpty else { throw FleetError.invalidArgument("requests is required") }
        guard request.requests.count <= Self.maximumBatchTasks else {
            throw FleetError.invalidArgument(
                "requests has \(request.requests.count) entries; BatchCreateTasks takes at most \(Self.maximumBatchTasks)"
            )
        }
        var created: [(TaskName, DeliveryTask)] = []
        for (i, inner) in request.requests.enumerated() {
            let at = "requests[\(i)]."
            guard inner.parent.isEmpty || inner.parent == request.parent else {
                throw FleetError.invalidArgument("\(at)parent must be empty or \(request.parent)")
            }
            if let header = inner.header, header != request.header {
                throw FleetError.invalidArgument("\(at)header must be empty or the batch's header")
            }
            created.append(try Self.newTask(inner, provider: provider, at: at))
        }
        let tasks = created
        try await store.write { tx in
            for (name, task) in tasks {
                guard try tx.insert(task, as: name) else {
                    throw FleetError(.alreadyExists, "task \(name) already exists")
                }
            }
        }
        return BatchCreateTasksResponse(tasks: tasks.map(\.1))
    }

    static let maximumBatchTasks = 500

    /// A CreateTask request's name and task, checked; `at` prefixes the fields named in errors (`requests[3].`
    /// inside a batch).
    static func newTask(
        _ request: CreateTaskRequest, provider: String, at: String = ""
    ) throws(FleetError) -> (TaskName, DeliveryTask) {
        guard !request.taskId.isEmpty else { throw .invalidArgument("\(at)taskId is required") }
        let name = try FleetError.checkingName { () throws(NameError) in
            try TaskName(provider: provider, taskID: request.taskId)
        }
        guard let input = request.task else { throw .invalidArgument("\(at)task is required") }
        return (name, try TaskService.create(input, name: name, field: "\(at)task"))
    }

    func perform(
        _ request: GetTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryTask {
        let name = try Self.name(TaskName.self, request.name)
        let (task, itinerary) = try await readingDeliveries(provider: name.provider) {
            reads -> (DeliveryTask?, Itinerary?) in
            guard let task = try reads.transaction().task(name) else { return (nil, nil) }
            return (task, try reads.itinerary(vehicleID: task.deliveryVehicleId))
        }
        guard let task else {
            try Authorizer.authorize(principal, .getTask(taskID: name.taskID, assignedVehicle: ""))
            throw FleetError.notFound("task \(name) not found")
        }
        try Authorizer.authorize(
            principal, .getTask(taskID: name.taskID, assignedVehicle: task.deliveryVehicleId))
        return deliveryProgress.taskAnswer(task, on: itinerary, now: now)
    }

    func perform(
        _ request: UpdateTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryTask {
        let patch = request.task ?? DeliveryTask()
        let name = try Self.name(TaskName.self, patch.name, field: "task.name")
        let mask = try Self.fieldMask(request.updateMask)
        let progress = deliveryProgress
        return try await store.write { tx in
            guard let current = try tx.task(name) else {
                try Authorizer.authorize(principal, .updateTask(taskID: name.taskID, assignedVehicle: ""))
                throw FleetError.notFound("task \(name) not found")
            }
            try Authorizer.authorize(
                principal, .updateTask(taskID: name.taskID, assignedVehicle: current.deliveryVehicleId))
            var reads = DeliveryReads(provider: name.provider, source: .write(tx), progress: progress)
            let itinerary = try reads.itinerary(vehicleID: current.deliveryVehicleId)
            let updated = try TaskService.update(
                current, with: patch, mask: mask, vehicleLocation: itinerary?.vehicle.lastLocation)
            try tx.replace(updated, as: name)
            return progress.taskAnswer(updated, on: itinerary, now: now)
        }
    }

    func perform(
        _ request: DeleteTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try Authorizer.authorize(principal, .deleteTask)
        let name = try Self.name(TaskName.self, request.name)
        try await store.write { tx in
            guard let task = try tx.task(name) else { throw FleetError.notFound("task \(name) not found") }
            if task.state == .open, !task.deliveryVehicleId.isEmpty {
                throw FleetError.failedPrecondition(
                    "task \(name) is OPEN and assigned to delivery vehicle \"\(task.deliveryVehicleId)\": remove its stop from the vehicle first"
                )
            }
            try tx.deleteTask(name)
        }
        return EmptyMessage()
    }

    /// The provider's tasks that pass the filter (``TaskFilter``), a page at a time in id order.
    func perform(
        _ request: ListTasksRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> ListTasksResponse {
        try Authorizer.authorize(principal, .listTasks)
        let provider = try Self.provider(ofParent: request.parent)
        let size = try Self.pageSize(request.pageSize)
        let start = try Self.pageStart(request.pageToken)
        let filter = try TaskFilter(parsing: request.filter)
        let (all, vehicles) = try await store.read { tx in
            (try tx.tasks(provider: provider), try tx.deliveryVehicles(provider: provider))
        }
        let matching = all.filter(filter.matches)
        let page = Self.page(of: matching, id: TaskService.id, after: start, size: size)
        let byVehicle = Dictionary(vehicles.map { (ResourceID.last(in: $0.name), $0) }, uniquingKeysWith: { a, _ in a })
        let open = TaskService.byID(all.filter { $0.state == .open })
        let progress = deliveryProgress
        var itineraries: [String: Itinerary] = [:]
        let tasks = page.items.map { task in
            let id = task.deliveryVehicleId
            if itineraries[id] == nil, let vehicle = byVehicle[id] {
                itineraries[id] = progress.itinerary(of: vehicle, tasks: open)
            }
            return progress.taskAnswer(task, on: itineraries[id], now: now)
        }
        return ListTasksResponse(tasks: tasks, nextPageToken: page.nextPageToken, totalSize: Int64(matching.count))
    }

    /// A shipment as its consumer sees it: one of the tracking id's tasks (``DeliveryProgress/trackedTask``) with
    /// the vehicle's progress towards it, under the task's visibility rules.
    func perform(
        _ request: GetTaskTrackingInfoRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> TaskTrackingInfo {
        try await trackingAnswer(request, principal: principal, now: now).message
    }

    /// GetTaskTrackingInfo's answer, not yet written (``perform(_:principal:now:)``).
    func trackingAnswer(
        _ request: GetTaskTrackingInfoRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> TaskTrackingAnswer {
        let name = try Self.name(TaskTrackingInfoName.self, request.name)
        try Authorizer.authorize(principal, .getTaskTrackingInfo(trackingID: name.trackingID))
        func answer(_ tracked: (task: DeliveryTask, on: Itinerary?)) -> TaskTrackingAnswer {
            TaskTrackingAnswer(tracked.task, name: name, on: tracked.on, now: now, progress: deliveryProgress)
        }
        // Memory first: under load polls queue here too, and a read's queue hop costs more than the answer.
        if let tracked = trackedInMemory(name) { return answer(tracked) }
        // Then, the first time memory lacks one of its shipments, the provider's deliveries read into memory at once.
        if store.deliveryReads.shipment(provider: name.provider, trackingID: name.trackingID) == nil {
            await store.deliveryReads.warmOnce(provider: name.provider) {
                _ = try? await self.readingDeliveries(provider: name.provider) { reads in try reads.readAll() }
            }
            if let tracked = trackedInMemory(name) { return answer(tracked) }
        }
        // Then the shipment's vans loaded into memory once each, however many of their shipments are polled meanwhile.
        for vehicleID in try await vehicleIDs(of: name) {
            await store.deliveryReads.loadOnce(provider: name.provider, vehicleID: vehicleID) {
                _ = try? await self.readingDeliveries(provider: name.provider) { reads in
                    try reads.itinerary(vehicleID: vehicleID)
                }
            }
        }
        if let tracked = trackedInMemory(name) { return answer(tracked) }
        guard
            let tracked = try await readingDeliveries(
                provider: name.provider,
                { reads in
                    try reads.trackedTask(trackingID: name.trackingID)
                })
        else { throw FleetError.notFound("no task has the tracking id \"\(name.trackingID)\"") }
        return answer(tracked)
    }

    /// The delivery vehicles of a shipment's tasks, from memory or read (which keeps the shipment in memory).
    private func vehicleIDs(of name: TaskTrackingInfoName) async throws -> Set<String> {
        var tasks = store.deliveryReads.shipment(provider: name.provider, trackingID: name.trackingID)
        if tasks == nil {
            tasks = try await readingDeliveries(provider: name.provider) { reads in
                try reads.shipment(trackingID: name.trackingID)
            }
        }
        return Set((tasks ?? []).map(\.deliveryVehicleId).filter { !$0.isEmpty })
    }

    /// GetTaskTrackingInfo's answer as `encode` writes it, through the ``AnswerCache`` as GetTrip's: every consumer
    /// of a shipment polls the same tracking id, and its answer changes only with a write (refreshed each second,
    /// like a trip's). Who may read it depends on the token alone, so it is checked before the cache is.
    public func getTaskTrackingInfoAnswer(
        _ request: GetTaskTrackingInfoRequest, principal: Principal, now: ProtoTimestamp, cacheKey key: String,
        encode: (TaskTrackingAnswer) throws -> Data
    ) async throws -> Data {
        // Each poll is a call the export logs with its answer: none comes from the cache then.
        if callLog != nil {
            return try encode(
                TaskTrackingAnswer(try await getTaskTrackingInfo(request, principal: principal, now: now)))
        }
        let name = try Self.name(TaskTrackingInfoName.self, request.name)
        try Authorizer.authorize(principal, .getTaskTrackingInfo(trackingID: name.trackingID))
        if let cached = store.answers.answer(for: key, second: now.seconds) { return cached.body }
        let generation = store.answers.generation
        let body = try encode(try await trackingAnswer(request, principal: principal, now: now))
        store.answers.store(
            .init(body: body, assignedVehicle: "", second: now.seconds), for: key, computedAt: generation)
        return body
    }
}

/// GetTaskTrackingInfo's answer before it is written: as the message (gRPC, the call log), or as JSON with the van's
/// route spliced in from its itinerary (``DeliveryProgress/trackingInfoJSON(_:name:on:now:options:)``), which spares
/// writing the points again for each of a van's shipments.
public struct TaskTrackingAnswer: Sendable {
    private enum Source: Sendable {
        case message(TaskTrackingInfo)
        case derived(DeliveryTask, TaskTrackingInfoName, Itinerary?, ProtoTimestamp, DeliveryProgress)
    }

    private let source: Source

    /// An answer already made.
    init(_ message: TaskTrackingInfo) { source = .message(message) }

    /// The answer for `task` on `itinerary` at `now`.
    init(
        _ task: DeliveryTask, name: TaskTrackingInfoName, on itinerary: Itinerary?, now: ProtoTimestamp,
        progress: DeliveryProgress
    ) {
        source = .derived(task, name, itinerary, now, progress)
    }

    public var message: TaskTrackingInfo {
        switch source {
        case .message(let message): message
        case .derived(let task, let name, let itinerary, let now, let progress):
            progress.trackingInfo(task, name: name, on: itinerary, now: now)
        }
    }

    /// Its proto3 JSON: the same bytes as ``message``'s.
    public func json(options: ProtoJSONEncodingOptions) throws -> [UInt8] {
        switch source {
        case .message(let message): try ProtoJSON.bytes(of: message, options: options)
        case .derived(let task, let name, let itinerary, let now, let progress):
            try progress.trackingInfoJSON(task, name: name, on: itinerary, now: now, options: options)
        }
    }
}
