import FleetModel

/// DeliveryService's vehicle methods: CreateDeliveryVehicle, GetDeliveryVehicle, UpdateDeliveryVehicle (which
/// assigns and closes tasks through the stops it lists), DeleteDeliveryVehicle and ListDeliveryVehicles.
extension FleetMethods {
    func perform(
        _ request: CreateDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryVehicle {
        try Authorizer.authorize(principal, .createDeliveryVehicle)
        let provider = try Self.provider(ofParent: request.parent)
        guard !request.deliveryVehicleId.isEmpty else {
            throw FleetError.invalidArgument("deliveryVehicleId is required")
        }
        let name = try FleetError.checkingName { () throws(NameError) in
            try DeliveryVehicleName(provider: provider, vehicleID: request.deliveryVehicleId)
        }
        let vehicle = try DeliveryVehicleService.create(
            request.deliveryVehicle ?? DeliveryVehicle(), name: name, now: now)
        try await store.write { tx in
            guard try tx.insert(vehicle, as: name) else {
                throw FleetError(.alreadyExists, "delivery vehicle \(name) already exists")
            }
        }
        return vehicle
    }

    func perform(
        _ request: GetDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryVehicle {
        let name = try Self.name(DeliveryVehicleName.self, request.name)
        try Authorizer.authorize(principal, .getDeliveryVehicle(vehicleID: name.vehicleID))
        let (vehicle, tasks) = try await store.read { tx in
            (try tx.deliveryVehicle(name), try tx.tasks(provider: name.provider, vehicleID: name.vehicleID))
        }
        guard let vehicle else { throw FleetError.notFound("delivery vehicle \(name) not found") }
        return deliveryProgress.vehicleAnswer(vehicle, tasks: TaskService.byID(tasks))
    }

    /// The stops, when the mask names them, are the whole remaining itinerary: the tasks it lists and no vehicle
    /// had are assigned to this one; this vehicle's OPEN tasks it no longer lists are CLOSED.
    func perform(
        _ request: UpdateDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryVehicle {
        let patch = request.deliveryVehicle ?? DeliveryVehicle()
        let name = try Self.name(DeliveryVehicleName.self, patch.name, field: "deliveryVehicle.name")
        try Authorizer.authorize(principal, .updateDeliveryVehicle(vehicleID: name.vehicleID))
        let mask = try Self.fieldMask(request.updateMask)
        let progress = deliveryProgress
        return try await store.write { tx in
            guard let current = try tx.deliveryVehicle(name) else {
                throw FleetError.notFound("delivery vehicle \(name) not found")
            }
            var updated = try DeliveryVehicleService.update(current, with: patch, mask: mask, now: now)
            let changesStops = mask.contains("remainingVehicleJourneySegments")
            // A report leaves the tasks as they are: read before the van's own row is written, when memory may still
            // hold them (``LiveReads``).
            let unchangedTasks = changesStops ? nil : try tx.openTasks(of: name)
            if changesStops {
                var listed: [String: DeliveryTask] = [:]
                for id in patch.remainingVehicleJourneySegments.flatMap({ $0.stop?.tasks ?? [] }).map(\.taskId)
                where !id.isEmpty && listed[id] == nil {
                    guard let taskName = try? TaskName(provider: name.provider, taskID: id) else {
                        throw FleetError.invalidArgument("task id \"\(id)\" in the stops is not a valid task id")
                    }
                    listed[id] = try tx.task(taskName)
                }
                let open = try tx.tasks(provider: name.provider, vehicleID: name.vehicleID, openOnly: true)
                let change = try DeliveryVehicleService.stops(
                    patch.remainingVehicleJourneySegments, vehicleID: name.vehicleID, tasks: listed, open: open)
                updated.remainingVehicleJourneySegments = change.segments
                for id in change.assigned {
                    guard var task = listed[id] else { continue }
                    task.deliveryVehicleId = name.vehicleID
                    try tx.replace(task, as: try TaskName(provider: name.provider, taskID: id))
                }
                for task in open where change.closed.contains(TaskService.id(task)) {
                    var closed = task
                    closed.state = .closed
                    try tx.replace(closed, as: try TaskName(provider: name.provider, taskID: TaskService.id(task)))
                }
            }
            try tx.replace(updated, as: name)
            // The stops' tasks are the vehicle's OPEN ones (an assigned task closes only by leaving them).
            return progress.vehicleAnswer(updated, tasks: try unchangedTasks ?? tx.openTasks(of: name))
        }
    }

    func perform(
        _ request: DeleteDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try Authorizer.authorize(principal, .deleteDeliveryVehicle)
        let name = try Self.name(DeliveryVehicleName.self, request.name)
        try await store.write { tx in
            guard try tx.deliveryVehicle(name) != nil else {
                throw FleetError.notFound("delivery vehicle \(name) not found")
            }
            let open = try tx.tasks(provider: name.provider, vehicleID: name.vehicleID, openOnly: true)
            if let task = open.first {
                throw FleetError.failedPrecondition(
                    "delivery vehicle \(name) has OPEN tasks (\(task.name)\(open.count > 1 ? " and \(open.count - 1) more" : "")): complete its stops first"
                )
            }
            try tx.deleteDeliveryVehicle(name)
        }
        return EmptyMessage()
    }

    /// Vehicles whose attributes pass the filter (ListVehicles' attribute filter) and whose last location is in the
    /// viewport, a page at a time; their stops are left out, as Fleet Engine leaves them out of lists.
    func perform(
        _ request: ListDeliveryVehiclesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> ListDeliveryVehiclesResponse {
        try Authorizer.authorize(principal, .listDeliveryVehicles)
        let provider = try Self.provider(ofParent: request.parent)
        let size = try Self.pageSize(request.pageSize)
        let start = try Self.pageStart(request.pageToken)
        let filter =
            request.filter.allSatisfy(\.isWhitespace) ? nil : try VehicleAttributeFilter(parsing: request.filter)
        let box = try request.viewport.map { viewport throws(FleetError) in try ListVehiclesCriteria.viewport(viewport)
        }
        let all = try await store.read { tx in try tx.deliveryVehicles(provider: provider) }
        let matching = all.filter { vehicle in
            (filter?.matches(vehicle.attributes.map(DeliveryVehicleService.onDemand)) ?? true)
                && (box.map { box in vehicle.lastLocation?.location.map(box.contains) ?? false } ?? true)
        }
        let page = Self.page(of: matching, id: { ResourceID.last(in: $0.name) }, after: start, size: size)
        let vehicles = page.items.map { vehicle in
            var listed = vehicle
            listed.remainingVehicleJourneySegments = []
            return listed
        }
        return ListDeliveryVehiclesResponse(
            deliveryVehicles: vehicles, nextPageToken: page.nextPageToken, totalSize: Int64(matching.count))
    }

    /// The derivations of the Deliveries API's answers, on this server's roads.
    var deliveryProgress: DeliveryProgress {
        DeliveryProgress(
            estimator: TravelEstimator(roads: roads, memo: legMemo), defaultVisibility: defaultTaskVisibility)
    }

    /// A resource name parsed from a request field, INVALID_ARGUMENT naming the field otherwise.
    static func name<N: FleetResourceName>(
        _ type: N.Type, _ text: String, field: String = "name"
    ) throws(FleetError)
        -> N
    {
        guard !text.isEmpty else { throw .invalidArgument("\(field) is required") }
        return try FleetError.checkingName { () throws(NameError) in try N(parsing: text) }
    }
}
