import FleetModel
import Foundation
import Hummingbird

@testable import FleetServer

extension FuzzTarget {
    /// What `tripterm serve` does with a request before its store: the route from method and path, the query, the
    /// update mask, the body as the method's message (strictly), and the service rules on it. The input is
    /// `METHOD /path?query`, a newline, and the body.
    static let serverRequest = FuzzTarget(
        name: "server-request",
        summary: "FleetRoute, QueryParameters, request messages, FieldMask, Trip/Vehicle/Task/DeliveryVehicleService"
    ) { data in
        let requestLine = data.prefix { $0 != 0x0A }
        let body = Data(data.dropFirst(requestLine.count + 1))
        let line = String(decoding: requestLine, as: UTF8.self)
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let method = HTTPRequest.Method(String(parts[0])) else { return }
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        do {
            try handle(
                method: method, path: String(target[0]), query: target.count > 1 ? String(target[1]) : "", body: body)
        } catch let error as FleetError {
            invariant(!error.message.isEmpty, "a FleetError without a message")
        } catch {
            invariant(false, "request decoding threw something other than FleetError: \(error)")
        }
    }

    /// The ordinary path's steps (RoutingMiddleware, FleetAPI's reading of the request, then FleetMethods' checks and
    /// rules) in their order, minus authentication and store.
    private static func handle(method: HTTPRequest.Method, path: String, query rawQuery: String, body: Data) throws {
        let route = try FleetRoute.match(method: method, path: path)
        let query = try QueryParameters(query: rawQuery)
        try query.validate(allowed: route.queryParameters)
        _ = query.enumsAsIntegers
        switch route {
        case .createTrip(let parent):
            try applyRules(.createTrip(try FleetAPI.createTripRequest(parent: parent, query: query, body: body)))
        case .getTrip(let name):
            try applyRules(.getTrip(try FleetAPI.getTripRequest(name, query: query)))
        case .updateTrip(let name):
            try applyRules(.updateTrip(try FleetAPI.updateTripRequest(name, query: query, body: body)))
        case .deleteTrip:
            try applyRules(.deleteTrip)
        case .searchTrips(let parent):
            try applyRules(.searchTrips(try FleetAPI.searchTripsRequest(parent: parent, body: body)))
        case .createVehicle(let parent):
            try applyRules(.createVehicle(try FleetAPI.createVehicleRequest(parent: parent, query: query, body: body)))
        case .getVehicle(let name):
            _ = try FleetAPI.getVehicleRequest(name, query: query)
        case .updateVehicle(let name):
            try applyRules(.updateVehicle(try FleetAPI.updateVehicleRequest(name, query: query, body: body)))
        case .deleteVehicle:
            break
        case .listVehicles(let parent):
            try applyRules(.listVehicles(try FleetAPI.listVehiclesRequest(parent: parent, query: query)))
        case .searchVehicles(let parent):
            var search = try FleetAPI.decode(body, as: SearchVehiclesRequest.self, field: "")
            search.parent = parent
            try applyRules(.searchVehicles(search))
        case .updateVehicleAttributes:
            try applyRules(
                .updateVehicleAttributes(try FleetAPI.decode(body, as: UpdateVehicleAttributesRequest.self, field: "")))
        case .reportBillableTrip:
            try applyRules(
                .reportBillableTrip(try FleetAPI.decode(body, as: ReportBillableTripRequest.self, field: "")))
        case .createDeliveryVehicle(let parent):
            try applyRules(
                .createDeliveryVehicle(
                    CreateDeliveryVehicleRequest(
                        header: try query.deliveryHeader(), parent: parent,
                        deliveryVehicleId: query["deliveryVehicleId"] ?? "",
                        deliveryVehicle: try FleetAPI.decode(body, as: DeliveryVehicle.self, field: "deliveryVehicle")))
            )
        case .updateDeliveryVehicle(let name):
            var vehicle = try FleetAPI.decode(body, as: DeliveryVehicle.self, field: "deliveryVehicle")
            vehicle.name = name.description
            try applyRules(
                .updateDeliveryVehicle(
                    UpdateDeliveryVehicleRequest(
                        deliveryVehicle: vehicle, updateMask: query["updateMask"].map(ProtoFieldMask.init(text:)))))
        case .listDeliveryVehicles(let parent):
            try applyRules(
                .listDeliveryVehicles(
                    ListDeliveryVehiclesRequest(
                        parent: parent, pageSize: try query.int32("pageSize") ?? 0,
                        pageToken: query["pageToken"] ?? "", filter: query["filter"] ?? "",
                        viewport: try query.viewport())))
        case .createTask(let parent):
            try applyRules(
                .createTask(
                    CreateTaskRequest(
                        parent: parent, taskId: query["taskId"] ?? "",
                        task: try FleetAPI.decode(body, as: DeliveryTask.self, field: "task"))))
        case .batchCreateTasks(let parent):
            var batch = try FleetAPI.decode(body, as: BatchCreateTasksRequest.self, field: "")
            batch.parent = parent
            try applyRules(.batchCreateTasks(batch))
        case .updateTask(let name):
            var task = try FleetAPI.decode(body, as: DeliveryTask.self, field: "task")
            task.name = name.description
            try applyRules(
                .updateTask(
                    UpdateTaskRequest(task: task, updateMask: query["updateMask"].map(ProtoFieldMask.init(text:)))))
        case .listTasks(let parent):
            try applyRules(
                .listTasks(
                    ListTasksRequest(
                        parent: parent, pageSize: try query.int32("pageSize") ?? 0,
                        pageToken: query["pageToken"] ?? "", filter: query["filter"] ?? "")))
        case .getTaskTrackingInfo(let name):
            try applyRules(.trackTask(name))
        case .listEvents(let parent):
            let (after, pageSize, newest) = try FleetAPI.eventsQuery(query)
            _ = try FleetMethods.eventsRequest(parent: parent, after: after, pageSize: pageSize, newest: newest)
        case .getDeliveryVehicle, .deleteDeliveryVehicle, .getTask, .deleteTask:
            _ = try query.deliveryHeader()
        }
    }

    /// A request message as either protocol reads it, for the rules both apply.
    enum TypedRequest {
        case createTrip(CreateTripRequest)
        case getTrip(GetTripRequest)
        case updateTrip(UpdateTripRequest)
        case deleteTrip
        case searchTrips(SearchTripsRequest)
        case createVehicle(CreateVehicleRequest)
        case updateVehicle(UpdateVehicleRequest)
        case listVehicles(ListVehiclesRequest)
        case searchVehicles(SearchVehiclesRequest)
        case updateVehicleAttributes(UpdateVehicleAttributesRequest)
        case reportBillableTrip(ReportBillableTripRequest)
        case createDeliveryVehicle(CreateDeliveryVehicleRequest)
        case updateDeliveryVehicle(UpdateDeliveryVehicleRequest)
        case listDeliveryVehicles(ListDeliveryVehiclesRequest)
        case createTask(CreateTaskRequest)
        case batchCreateTasks(BatchCreateTasksRequest)
        case updateTask(UpdateTaskRequest)
        case listTasks(ListTasksRequest)
        case trackTask(TaskTrackingInfoName)
    }

    /// FleetMethods' checks and the service rules on a request, against the stored trip and vehicle.
    static func applyRules(_ request: TypedRequest) throws {
        let now = ProtoTimestamp(seconds: 1_700_000_000, nanos: 0)
        switch request {
        case .createTrip(let create):
            let provider = try FleetMethods.provider(ofParent: create.parent)
            let name: TripName
            do { name = try TripName(provider: provider, tripID: create.tripId.isEmpty ? "t1" : create.tripId) } catch {
                throw FleetError.invalidArgument(error.description)
            }
            _ = try TripService.create(create.trip ?? Trip(), name: name, now: now)
        case .getTrip(let get):
            _ = TripReadOptions(get).apply(to: storedTrip)
        case .updateTrip(let update):
            _ = try TripService.update(
                storedTrip, with: update.trip ?? Trip(), mask: FleetMethods.fieldMask(update.updateMask), now: now)
        case .deleteTrip:
            try TripService.checkDeletable(storedTrip)
        case .searchTrips(let search):
            _ = try FleetMethods.pageSize(search.pageSize)
            _ = try FleetMethods.pageStart(search.pageToken)
        case .createVehicle(let create):
            let name = try FleetMethods.vehicleName(
                provider: FleetMethods.provider(ofParent: create.parent),
                id: create.vehicleId.isEmpty ? "v1" : create.vehicleId)
            _ = try VehicleService.create(create.vehicle ?? Vehicle(), name: name, now: now)
        case .updateVehicle(let update):
            _ = try VehicleService.update(
                storedVehicle, with: update.vehicle ?? Vehicle(), mask: FleetMethods.fieldMask(update.updateMask),
                now: now)
        case .listVehicles(let list):
            _ = try FleetMethods.pageSize(list.pageSize)
            _ = try FleetMethods.pageStart(list.pageToken)
            let criteria = try ListVehiclesCriteria(list)
            _ = FleetMethods.matches(storedVehicle, list) && criteria.matches(storedVehicle, now: now)
        case .searchVehicles(let search):
            _ = try VehicleSearch.search(search, vehicles: [storedVehicle], trips: [storedTrip], now: now, roads: nil)
        case .updateVehicleAttributes(let update):
            try VehicleService.validateAttributes(update.attributes, field: "attributes")
            _ = VehicleService.merge(update.attributes, into: storedVehicle.attributes)
        case .reportBillableTrip(let report):
            try BillableTrips.validate(report)
        default:
            try applyDeliveryRules(request, now: now)
        }
    }

    /// The Deliveries API's checks and rules, against a stored van with one stop and its OPEN task.
    private static func applyDeliveryRules(_ request: TypedRequest, now: ProtoTimestamp) throws {
        switch request {
        case .createDeliveryVehicle(let create):
            let provider = try FleetMethods.provider(ofParent: create.parent)
            let name = try FleetError.checkingName { () throws(NameError) in
                try DeliveryVehicleName(
                    provider: provider, vehicleID: create.deliveryVehicleId.isEmpty ? "v" : create.deliveryVehicleId)
            }
            _ = try DeliveryVehicleService.create(create.deliveryVehicle ?? DeliveryVehicle(), name: name, now: now)
        case .updateDeliveryVehicle(let update):
            let patch = update.deliveryVehicle ?? DeliveryVehicle()
            let mask = try FleetMethods.fieldMask(update.updateMask)
            var updated = try DeliveryVehicleService.update(storedVan, with: patch, mask: mask, now: now)
            if mask.contains("remainingVehicleJourneySegments") {
                let listed = patch.remainingVehicleJourneySegments.flatMap { $0.stop?.tasks ?? [] }.map(\.taskId)
                let tasks = Dictionary(listed.map { ($0, storedTask) }, uniquingKeysWith: { a, _ in a })
                updated.remainingVehicleJourneySegments =
                    try DeliveryVehicleService.stops(
                        patch.remainingVehicleJourneySegments, vehicleID: "van-1", tasks: tasks, open: [storedTask]
                    ).segments
            }
            _ = delivery.vehicleAnswer(updated, tasks: ["t1": storedTask])
        case .listDeliveryVehicles(let list):
            _ = try FleetMethods.pageSize(list.pageSize)
            _ = try FleetMethods.pageStart(list.pageToken)
            if !list.filter.isEmpty { _ = try VehicleAttributeFilter(parsing: list.filter) }
            if let viewport = list.viewport { _ = try ListVehiclesCriteria.viewport(viewport) }
        case .createTask(let create):
            _ = try FleetMethods.newTask(create, provider: FleetMethods.provider(ofParent: create.parent))
        case .batchCreateTasks(let batch):
            let provider = try FleetMethods.provider(ofParent: batch.parent)
            for (i, inner) in batch.requests.prefix(FleetMethods.maximumBatchTasks).enumerated() {
                _ = try FleetMethods.newTask(inner, provider: provider, at: "requests[\(i)].")
            }
        case .updateTask(let update):
            let updated = try TaskService.update(
                storedTask, with: update.task ?? DeliveryTask(), mask: FleetMethods.fieldMask(update.updateMask),
                vehicleLocation: storedVan.lastLocation)
            _ = delivery.taskAnswer(
                updated, on: delivery.itinerary(of: storedVan, tasks: ["t1": updated]), now: now)
        case .listTasks(let list):
            _ = try FleetMethods.pageSize(list.pageSize)
            _ = try FleetMethods.pageStart(list.pageToken)
            _ = try TaskFilter(parsing: list.filter).matches(storedTask)
        case .trackTask(let name):
            let itinerary = delivery.itinerary(of: storedVan, tasks: ["t1": storedTask])
            let info = delivery.trackingInfo(storedTask, name: name, on: itinerary, now: now)
            // The answer with its route spliced in has the bytes of the answer written whole.
            let spliced = try delivery.trackingInfoJSON(
                storedTask, name: name, on: itinerary, now: now, options: .init())
            let whole = try ProtoJSON.bytes(of: info)
            precondition(whole == spliced, "a spliced answer differs from the whole one")
        default:
            break
        }
    }

    private static let delivery = DeliveryProgress(estimator: TravelEstimator(roads: nil), defaultVisibility: nil)

    /// The trip and vehicle an Update, Get or Delete finds in the store.
    private static let storedTrip: Trip = {
        var trip = Trip(
            name: "providers/p/trips/t1", tripStatus: .enrouteToPickup, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: LatLng(latitude: 43.73, longitude: 7.42)),
            dropoffPoint: TerminalLocation(point: LatLng(latitude: 43.74, longitude: 7.43)))
        trip.vehicleId = "v1"
        return trip
    }()

    private static let storedVehicle = Vehicle(
        name: "providers/p/vehicles/v1", vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
        vehicleType: Vehicle.VehicleType(category: .auto))

    private static let storedTask = DeliveryTask(
        name: "providers/p/tasks/t1", type: .delivery, state: .open, trackingId: "parcel-1", deliveryVehicleId: "van-1",
        plannedLocation: LocationInfo(point: LatLng(latitude: 43.74, longitude: 7.43)),
        taskDuration: ProtoDuration(seconds: 120))

    private static let storedVan = DeliveryVehicle(
        name: "providers/p/deliveryVehicles/van-1",
        lastLocation: DeliveryVehicleLocation(location: LatLng(latitude: 43.73, longitude: 7.42)),
        remainingVehicleJourneySegments: [
            VehicleJourneySegment(
                stop: VehicleStop(
                    plannedLocation: LocationInfo(point: LatLng(latitude: 43.74, longitude: 7.43)),
                    tasks: [VehicleStop.TaskInfo(taskId: "t1")], state: .enroute))
        ])
}
