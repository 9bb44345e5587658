import FleetModel

/// DeliveryService over REST (`/v1/providers/{p}/deliveryVehicles…`, `/tasks…`, `/taskTrackingInfo/…`), as a
/// provider's back end, a delivery driver's app and a shipment's consumer call it. Updates are PATCH with the
/// `updateMask` in the query, as Google's HTTP transcoding of the Deliveries API has them.
extension FleetEngineClient {
    // MARK: Delivery vehicles

    /// `POST /v1/providers/{p}/deliveryVehicles?deliveryVehicleId={v}`.
    public func createDeliveryVehicle(
        _ vehicle: DeliveryVehicle, name: DeliveryVehicleName
    ) async throws(TripServiceError) -> DeliveryVehicle {
        var fields = QueryEncoding()
        fields.add("deliveryVehicleId", name.vehicleID)
        let request = FleetRequest(
            method: .post, path: FleetRequest.path(provider: name.provider, collection: "deliveryVehicles"),
            query: query(fields), body: try body(vehicle))
        return try await send(request, context: vehicleContext(name), as: DeliveryVehicle.self).message
    }

    /// `GET /v1/providers/{p}/deliveryVehicles/{v}`.
    public func getDeliveryVehicle(_ name: DeliveryVehicleName) async throws(TripServiceError) -> DeliveryVehicle {
        let request = FleetRequest(method: .get, path: path(name), query: query())
        return try await send(request, context: vehicleContext(name), as: DeliveryVehicle.self).message
    }

    /// `PATCH /v1/providers/{p}/deliveryVehicles/{v}?updateMask=…`: sets the fields named in `updateMask`.
    /// Assigning, reordering and completing stops all go through `remainingVehicleJourneySegments`, the whole list.
    public func updateDeliveryVehicle(
        _ vehicle: DeliveryVehicle, name: DeliveryVehicleName, updateMask: [String]
    ) async throws(TripServiceError) -> DeliveryVehicle {
        var fields = QueryEncoding()
        fields.add("updateMask", updateMask.joined(separator: ","))
        let request = FleetRequest(method: .patch, path: path(name), query: query(fields), body: try body(vehicle))
        return try await send(request, context: vehicleContext(name), as: DeliveryVehicle.self).message
    }

    /// `DELETE /v1/providers/{p}/deliveryVehicles/{v}` (FAILED_PRECONDITION while it has OPEN tasks).
    public func deleteDeliveryVehicle(_ name: DeliveryVehicleName) async throws(TripServiceError) {
        let request = FleetRequest(method: .delete, path: path(name), query: query())
        _ = try await send(request, context: vehicleContext(name), as: EmptyMessage.self)
    }

    /// `GET /v1/providers/{p}/deliveryVehicles`: one page, filtered by attributes and a viewport.
    public func listDeliveryVehicles(
        provider: String, _ list: ListDeliveryVehiclesRequest = .init()
    ) async throws(TripServiceError) -> ListDeliveryVehiclesResponse {
        var fields = QueryEncoding()
        fields.addPage(size: list.pageSize, token: list.pageToken)
        fields.add("filter", list.filter.nonEmpty)
        fields.addViewport(list.viewport)
        let request = FleetRequest(
            method: .get, path: FleetRequest.path(provider: provider, collection: "deliveryVehicles"),
            query: query(fields))
        return try await send(
            request, context: AuthTokenContext(role: options.role), as: ListDeliveryVehiclesResponse.self
        ).message
    }

    // MARK: Tasks

    /// `POST /v1/providers/{p}/tasks?taskId={t}`.
    public func createTask(_ task: DeliveryTask, name: TaskName) async throws(TripServiceError) -> DeliveryTask {
        var fields = QueryEncoding()
        fields.add("taskId", name.taskID)
        let request = FleetRequest(
            method: .post, path: FleetRequest.path(provider: name.provider, collection: "tasks"), query: query(fields),
            body: try body(task))
        return try await send(request, context: AuthTokenContext(role: options.role), as: DeliveryTask.self).message
    }

    /// `POST /v1/providers/{p}/tasks:batchCreate`: up to 500 tasks, all created or none.
    public func batchCreateTasks(
        provider: String, _ batch: BatchCreateTasksRequest
    ) async throws(TripServiceError) -> BatchCreateTasksResponse {
        let request = FleetRequest(
            method: .post, path: FleetRequest.path(provider: provider, collection: "tasks:batchCreate"),
            query: query(), body: try body(batch))
        return try await send(request, context: AuthTokenContext(role: options.role), as: BatchCreateTasksResponse.self)
            .message
    }

    /// `GET /v1/providers/{p}/tasks/{t}`.
    public func getTask(_ name: TaskName) async throws(TripServiceError) -> DeliveryTask {
        let request = FleetRequest(method: .get, path: path(name), query: query())
        return try await send(request, context: AuthTokenContext(role: options.role), as: DeliveryTask.self).message
    }

    /// `PATCH /v1/providers/{p}/tasks/{t}?updateMask=…`: an outcome (with its time and, when known, location), or
    /// closing a task no vehicle holds.
    public func updateTask(
        _ task: DeliveryTask, name: TaskName, updateMask: [String]
    ) async throws(TripServiceError) -> DeliveryTask {
        var fields = QueryEncoding()
        fields.add("updateMask", updateMask.joined(separator: ","))
        let request = FleetRequest(method: .patch, path: path(name), query: query(fields), body: try body(task))
        return try await send(request, context: AuthTokenContext(role: options.role), as: DeliveryTask.self).message
    }

    /// `DELETE /v1/providers/{p}/tasks/{t}`.
    public func deleteTask(_ name: TaskName) async throws(TripServiceError) {
        let request = FleetRequest(method: .delete, path: path(name), query: query())
        _ = try await send(request, context: AuthTokenContext(role: options.role), as: EmptyMessage.self)
    }

    /// `GET /v1/providers/{p}/tasks`: one page, with an AIP-160 `filter` (`state = OPEN`,
    /// `delivery_vehicle_id = "v"`, `tracking_id = "t"`…).
    public func listTasks(
        provider: String, _ list: ListTasksRequest = .init()
    ) async throws(TripServiceError) -> ListTasksResponse {
        var fields = QueryEncoding()
        fields.addPage(size: list.pageSize, token: list.pageToken)
        fields.add("filter", list.filter.nonEmpty)
        let request = FleetRequest(
            method: .get, path: FleetRequest.path(provider: provider, collection: "tasks"), query: query(fields))
        return try await send(request, context: AuthTokenContext(role: options.role), as: ListTasksResponse.self)
            .message
    }

    /// Every task `filter` selects, page after page (the server's largest page each time).
    public func listAllTasks(provider: String, filter: String = "") async throws(TripServiceError) -> [DeliveryTask] {
        var tasks: [DeliveryTask] = []
        var page = ListTasksRequest(pageSize: 500, filter: filter)
        repeat {
            let response = try await listTasks(provider: provider, page)
            tasks += response.tasks
            page.pageToken = response.nextPageToken
        } while !page.pageToken.isEmpty
        return tasks
    }

    // MARK: Shipment tracking

    /// `GET /v1/providers/{p}/taskTrackingInfo/{trackingId}`: the shipment as its consumer may see it.
    public func getTaskTrackingInfo(_ name: TaskTrackingInfoName) async throws(TripServiceError) -> TaskTrackingInfo {
        let request = FleetRequest(
            method: .get,
            path: FleetRequest.path(provider: name.provider, collection: "taskTrackingInfo", id: name.trackingID),
            query: query())
        let context = AuthTokenContext(trackingID: name.trackingID, role: options.role)
        return try await send(request, context: context, as: TaskTrackingInfo.self).message
    }

    private func path(_ name: DeliveryVehicleName) -> String {
        FleetRequest.path(provider: name.provider, collection: "deliveryVehicles", id: name.vehicleID)
    }

    private func path(_ name: TaskName) -> String {
        FleetRequest.path(provider: name.provider, collection: "tasks", id: name.taskID)
    }

    private func vehicleContext(_ name: DeliveryVehicleName) -> AuthTokenContext {
        AuthTokenContext(vehicleID: name.vehicleID, role: options.role)
    }
}
