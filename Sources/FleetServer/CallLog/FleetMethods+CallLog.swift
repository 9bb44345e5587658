import FleetModel

/// Fleet Engine's methods as the protocols call them: each is its implementation (`perform`, in the method's own
/// file) run through ``logged(_:_:now:_:)``, the one place every call — REST's and gRPC's alike — passes on its way
/// out, where `serve --log-export` takes it for its Cloud Logging entry.
extension FleetMethods {
    /// Runs `body`, the implementation of `method` for `request`, and hands the call with its answer or error to
    /// the log export when there is one (``CallLogExport/offer(_:)``: values only — the entry is made off the
    /// request path). A fault is logged as the INTERNAL error it is answered with.
    func logged<Request: ProtoMessage, Response: ProtoMessage>(
        _ method: LogMethod, _ request: Request, now: ProtoTimestamp, _ body: () async throws -> Response
    ) async throws -> Response {
        guard let callLog else { return try await body() }
        do {
            let response = try await body()
            callLog.offer(LoggedCall(method: method, time: now, request: request, outcome: .response(response)))
            return response
        } catch {
            let answered = error as? FleetError ?? FleetError(.internal, "Internal error.")
            callLog.offer(LoggedCall(method: method, time: now, request: request, outcome: .failure(answered)))
            throw error
        }
    }

    public func createTrip(_ request: CreateTripRequest, principal: Principal, now: ProtoTimestamp) async throws -> Trip
    {
        try await logged(.createTrip, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func getTrip(_ request: GetTripRequest, principal: Principal, now: ProtoTimestamp) async throws -> Trip {
        try await logged(.getTrip, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func updateTrip(_ request: UpdateTripRequest, principal: Principal, now: ProtoTimestamp) async throws -> Trip
    {
        try await logged(.updateTrip, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func deleteTrip(
        _ request: DeleteTripRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try await logged(.deleteTrip, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func searchTrips(
        _ request: SearchTripsRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> SearchTripsResponse {
        try await logged(.searchTrips, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func reportBillableTrip(
        _ request: ReportBillableTripRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try await logged(.reportBillableTrip, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func createVehicle(
        _ request: CreateVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> Vehicle {
        try await logged(.createVehicle, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func getVehicle(
        _ request: GetVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> Vehicle {
        try await logged(.getVehicle, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func updateVehicle(
        _ request: UpdateVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> Vehicle {
        try await logged(.updateVehicle, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func updateVehicleAttributes(
        _ request: UpdateVehicleAttributesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> UpdateVehicleAttributesResponse {
        try await logged(.updateVehicleAttributes, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func deleteVehicle(
        _ request: DeleteVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try await logged(.deleteVehicle, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func listVehicles(
        _ request: ListVehiclesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> ListVehiclesResponse {
        try await logged(.listVehicles, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func searchVehicles(
        _ request: SearchVehiclesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> SearchVehiclesResponse {
        try await logged(.searchVehicles, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func createDeliveryVehicle(
        _ request: CreateDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryVehicle {
        try await logged(.createDeliveryVehicle, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func getDeliveryVehicle(
        _ request: GetDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryVehicle {
        try await logged(.getDeliveryVehicle, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func updateDeliveryVehicle(
        _ request: UpdateDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryVehicle {
        try await logged(.updateDeliveryVehicle, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func deleteDeliveryVehicle(
        _ request: DeleteDeliveryVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try await logged(.deleteDeliveryVehicle, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func listDeliveryVehicles(
        _ request: ListDeliveryVehiclesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> ListDeliveryVehiclesResponse {
        try await logged(.listDeliveryVehicles, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func createTask(
        _ request: CreateTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryTask {
        try await logged(.createTask, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func batchCreateTasks(
        _ request: BatchCreateTasksRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> BatchCreateTasksResponse {
        try await logged(.batchCreateTasks, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }

    public func getTask(
        _ request: GetTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryTask {
        try await logged(.getTask, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func updateTask(
        _ request: UpdateTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> DeliveryTask {
        try await logged(.updateTask, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func deleteTask(
        _ request: DeleteTaskRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try await logged(.deleteTask, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func listTasks(
        _ request: ListTasksRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> ListTasksResponse {
        try await logged(.listTasks, request, now: now) { try await perform(request, principal: principal, now: now) }
    }

    public func getTaskTrackingInfo(
        _ request: GetTaskTrackingInfoRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> TaskTrackingInfo {
        try await logged(.getTaskTrackingInfo, request, now: now) {
            try await perform(request, principal: principal, now: now)
        }
    }
}
