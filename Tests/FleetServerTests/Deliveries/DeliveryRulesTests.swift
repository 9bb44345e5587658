import FleetModel
import Foundation
import Testing

@testable import FleetServer

/// Fleet Engine's Deliveries API rules (deliveries reference §5), one test each, through ``FleetMethods`` over a
/// real database: creating tasks and vehicles, assigning tasks by a vehicle's stops, closing them, outcomes, deletes.
@Suite struct DeliveryRulesTests {
    let methods: FleetMethods
    let server = Principal(deliveryVehicleID: "*", taskIDs: ["*"])
    let now = ProtoTimestamp(seconds: 1_767_225_600)
    static let parent = "providers/p"
    static let depot = LatLng(latitude: 43.7347, longitude: 7.4206)
    static let casino = LatLng(latitude: 43.7396, longitude: 7.4275)
    static let palace = LatLng(latitude: 43.7316, longitude: 7.4198)

    init() throws { methods = try .onFreshStore(named: "tripterm-delivery-rules") }

    static func task(
        _ type: DeliveryTask.TaskType = .delivery, tracking: String = "parcel-1", at point: LatLng? = casino,
        minutes: Int64 = 2
    ) -> DeliveryTask {
        DeliveryTask(
            type: type, state: .open, trackingId: tracking, plannedLocation: point.map { LocationInfo(point: $0) },
            taskDuration: ProtoDuration(seconds: minutes * 60))
    }

    static func stop(_ point: LatLng, _ ids: [String], state: VehicleStop.State = .new) -> VehicleJourneySegment {
        VehicleJourneySegment(
            stop: VehicleStop(
                plannedLocation: LocationInfo(point: point), tasks: ids.map { VehicleStop.TaskInfo(taskId: $0) },
                state: state))
    }

    func failure(_ call: () async throws -> some Any) async -> FleetError? { await fleetFailure(call) }

    @discardableResult
    func createTask(_ id: String, _ task: DeliveryTask = task()) async throws -> DeliveryTask {
        try await methods.createTask(
            CreateTaskRequest(parent: Self.parent, taskId: id, task: task), principal: server, now: now)
    }

    func createVan(_ id: String = "van-1", at point: LatLng = depot) async throws {
        _ = try await methods.createDeliveryVehicle(
            CreateDeliveryVehicleRequest(
                parent: Self.parent, deliveryVehicleId: id,
                deliveryVehicle: DeliveryVehicle(lastLocation: DeliveryVehicleLocation(location: point))),
            principal: server, now: now)
    }

    @discardableResult
    func setStops(_ stops: [VehicleJourneySegment], of id: String = "van-1") async throws -> DeliveryVehicle {
        try await methods.updateDeliveryVehicle(
            UpdateDeliveryVehicleRequest(
                deliveryVehicle: DeliveryVehicle(
                    name: "\(Self.parent)/deliveryVehicles/\(id)", remainingVehicleJourneySegments: stops),
                updateMask: ProtoFieldMask(text: "remaining_vehicle_journey_segments")),
            principal: server, now: now)
    }

    func task(_ id: String) async throws -> DeliveryTask {
        try await methods.getTask(GetTaskRequest(name: "\(Self.parent)/tasks/\(id)"), principal: server, now: now)
    }

    @Test func aTaskIsCreatedOpenUnassignedAndNamed() async throws {
        let created = try await createTask("t1")
        #expect(created.name == "providers/p/tasks/t1")
        #expect(created.state == .open && created.deliveryVehicleId.isEmpty)
        let closed = await failure {
            var task = Self.task()
            task.state = .closed
            return try await createTask("t2", task)
        }
        #expect(closed == .invalidArgument("task.state must be OPEN: a task is created OPEN"))
        let duplicate = await failure { try await createTask("t1") }
        #expect(duplicate?.code == .alreadyExists)
    }

    @Test func typeDurationAndPlannedLocationAreRequired() async throws {
        var untyped = Self.task()
        untyped.type = .typeUnspecified
        #expect(await failure { try await createTask("a", untyped) }?.message.contains("task.type is required") == true)
        var timeless = Self.task()
        timeless.taskDuration = nil
        #expect(
            await failure { try await createTask("b", timeless) } == .invalidArgument("task.taskDuration is required"))
        let nowhere = await failure { try await createTask("c", Self.task(at: nil)) }
        #expect(nowhere?.message.contains("plannedLocation.point is required") == true)
        // A break has no place.
        try await createTask("break", Self.task(.unavailable, tracking: "", at: nil))
    }

    @Test func trackingIDsAreRequiredForShipmentsAndRefusedOnStopsAndBreaks() async throws {
        #expect(await failure { try await createTask("a", Self.task(tracking: "")) }?.code == .invalidArgument)
        let onBreak = await failure { try await createTask("b", Self.task(.unavailable, tracking: "x", at: nil)) }
        #expect(onBreak == .invalidArgument("task.trackingId must not be set on a UNAVAILABLE task"))
        let onStop = await failure { try await createTask("c", Self.task(.scheduledStop, tracking: "x")) }
        #expect(onStop == .invalidArgument("task.trackingId must not be set on a SCHEDULED_STOP task"))
        for bad in ["a/b", "a:b", "a?b", "a,b", "a#b", String(repeating: "x", count: 65)] {
            let refused = await failure { try await createTask("d", Self.task(tracking: bad)) }
            #expect(refused?.code == .invalidArgument, "tracking id \(bad)")
        }
        try await createTask("e", Self.task(tracking: String(repeating: "x", count: 64)))
    }

    @Test func createTaskRefusesWhatOnlyTheServerOrLaterUpdatesSet() async throws {
        var assigned = Self.task()
        assigned.deliveryVehicleId = "van-1"
        let refused = await failure { try await createTask("a", assigned) }
        #expect(refused?.message.contains("task.deliveryVehicleId cannot be set by CreateTask") == true)
        var decided = Self.task()
        decided.taskOutcome = .succeeded
        #expect(await failure { try await createTask("b", decided) }?.code == .invalidArgument)
    }

    @Test func aBatchHoldsAtMost500TasksAndIsAllOrNothing() async throws {
        let request = { (count: Int) in
            BatchCreateTasksRequest(
                parent: Self.parent,
                requests: (0..<count).map { CreateTaskRequest(taskId: "b\($0)", task: Self.task(tracking: "s\($0)")) })
        }
        let tooMany = await failure { try await methods.batchCreateTasks(request(501), principal: server, now: now) }
        #expect(tooMany?.message.contains("at most 500") == true)
        var mixed = request(3)
        mixed.requests[2].task?.taskDuration = nil
        let bad = await failure { try await methods.batchCreateTasks(mixed, principal: server, now: now) }
        #expect(bad == .invalidArgument("requests[2].task.taskDuration is required"))
        #expect(await failure { try await task("b0") }?.code == .notFound)
        var foreign = request(1)
        foreign.requests[0].parent = "providers/other"
        #expect(
            await failure { try await methods.batchCreateTasks(foreign, principal: server, now: now) }?.code
                == .invalidArgument)
        let created = try await methods.batchCreateTasks(request(500), principal: server, now: now)
        #expect(created.tasks.count == 500 && created.tasks[499].name == "providers/p/tasks/b499")
    }

    @Test func aVehicleIsCreatedWithOnlyItsTypeLocationAndAttributes() async throws {
        var withStops = DeliveryVehicle()
        withStops.remainingVehicleJourneySegments = [Self.stop(Self.casino, [])]
        let refused = await failure {
            try await methods.createDeliveryVehicle(
                CreateDeliveryVehicleRequest(parent: Self.parent, deliveryVehicleId: "v", deliveryVehicle: withStops),
                principal: server, now: now)
        }
        #expect(
            refused?.message.contains("remainingVehicleJourneySegments cannot be set by CreateDeliveryVehicle") == true)
        let created = try await methods.createDeliveryVehicle(
            CreateDeliveryVehicleRequest(
                parent: Self.parent, deliveryVehicleId: "v",
                deliveryVehicle: DeliveryVehicle(attributes: [DeliveryVehicleAttribute(key: "zone", value: "north")])),
            principal: server, now: now)
        #expect(created.type == .auto)
        #expect(created.attributes[0].deliveryVehicleAttributeValue == .stringValue("north"))
    }

    @Test func listingTasksInAVehiclesStopsAssignsThem() async throws {
        try await createVan()
        try await createTask("t1")
        try await createTask("t2", Self.task(tracking: "parcel-2", at: Self.palace))
        let van = try await setStops([Self.stop(Self.casino, ["t1"]), Self.stop(Self.palace, ["t2"])])
        #expect(van.remainingVehicleJourneySegments.count == 2)
        #expect(try await task("t1").deliveryVehicleId == "van-1")
        #expect(try await task("t2").deliveryVehicleId == "van-1")
        // The answer fills each stop's tasks' durations and each leg.
        #expect(van.remainingVehicleJourneySegments[0].stop?.tasks[0].taskDuration == ProtoDuration(seconds: 120))
        #expect((van.remainingVehicleJourneySegments[1].drivingDistanceMeters ?? 0) > 0)
        let noMask = await failure {
            try await methods.updateDeliveryVehicle(
                UpdateDeliveryVehicleRequest(
                    deliveryVehicle: DeliveryVehicle(name: "providers/p/deliveryVehicles/van-1")),
                principal: server, now: now)
        }
        #expect(noMask == .invalidArgument("updateMask is required: name the fields to update"))
    }

    @Test func aStopsListCannotTakeAnotherVehiclesClosedOrMissingTask() async throws {
        try await createVan()
        try await createVan("van-2")
        try await createTask("t1")
        try await setStops([Self.stop(Self.casino, ["t1"])])
        let taken = await failure { try await setStops([Self.stop(Self.casino, ["t1"])], of: "van-2") }
        #expect(taken?.code == .failedPrecondition && taken?.message.contains("van-1") == true)
        let missing = await failure { try await setStops([Self.stop(Self.casino, ["nope"])]) }
        #expect(missing?.code == .notFound)
        let twice = await failure {
            try await setStops([Self.stop(Self.casino, ["t1"]), Self.stop(Self.palace, ["t1"])])
        }
        #expect(twice?.message.contains("listed twice") == true)
        try await setStops([])
        let closed = await failure { try await setStops([Self.stop(Self.casino, ["t1"])]) }
        #expect(closed?.code == .failedPrecondition && closed?.message.contains("CLOSED") == true)
    }

    @Test func aTaskWhoseStopLeavesTheListIsClosedAndKeepsItsOutcome() async throws {
        try await createVan()
        try await createTask("t1")
        try await createTask("t2", Self.task(tracking: "parcel-2", at: Self.palace))
        try await setStops([Self.stop(Self.casino, ["t1"], state: .arrived), Self.stop(Self.palace, ["t2"])])
        _ = try await methods.updateTask(
            UpdateTaskRequest(
                task: DeliveryTask(name: "providers/p/tasks/t1", taskOutcome: .succeeded),
                updateMask: ProtoFieldMask(text: "taskOutcome")),
            principal: server, now: now)
        try await setStops([Self.stop(Self.palace, ["t2"])])
        let done = try await task("t1")
        #expect(done.state == .closed && done.taskOutcome == .succeeded && done.deliveryVehicleId == "van-1")
        #expect(done.journeySharingInfo == nil)
        #expect(try await task("t2").state == .open)
    }

    @Test func anOutcomeOnceSetCannotChangeAndIsPlacedWhereTheVehicleWas() async throws {
        try await createVan()
        try await createTask("t1")
        try await setStops([Self.stop(Self.casino, ["t1"])])
        let update = { (outcome: DeliveryTask.TaskOutcome) in
            try await methods.updateTask(
                UpdateTaskRequest(
                    task: DeliveryTask(name: "providers/p/tasks/t1", taskOutcome: outcome),
                    updateMask: ProtoFieldMask(text: "task_outcome")),
                principal: server, now: now)
        }
        let failed = try await update(.failed)
        #expect(failed.taskOutcomeLocation?.point == Self.depot)
        #expect(failed.taskOutcomeLocationSource == .lastVehicleLocation)
        #expect(try await update(.failed).taskOutcome == .failed)
        let changed = await failure { try await update(.succeeded) }
        #expect(changed?.code == .failedPrecondition && changed?.message.contains("FAILED") == true)
    }

    @Test func anOutcomeWithItsOwnPlaceIsTheProvidersAndImmutableFieldsStay() async throws {
        try await createTask("t1")
        let placed = try await methods.updateTask(
            UpdateTaskRequest(
                task: DeliveryTask(
                    name: "providers/p/tasks/t1", taskOutcome: .succeeded,
                    taskOutcomeLocation: LocationInfo(point: Self.palace)),
                updateMask: ProtoFieldMask(text: "taskOutcome,taskOutcomeLocation")),
            principal: server, now: now)
        #expect(placed.taskOutcomeLocationSource == .provider)
        for field in [
            "type", "trackingId", "plannedLocation", "taskDuration", "deliveryVehicleId", "journeySharingInfo",
        ] {
            let refused = await failure {
                try await methods.updateTask(
                    UpdateTaskRequest(
                        task: DeliveryTask(name: "providers/p/tasks/t1"), updateMask: ProtoFieldMask(text: field)),
                    principal: server, now: now)
            }
            #expect(refused?.code == .invalidArgument, "\(field)")
        }
    }

    @Test func onlyAnUnassignedTaskClosesDirectlyAndNoTaskReopens() async throws {
        try await createVan()
        try await createTask("t1")
        try await createTask("t2", Self.task(tracking: "parcel-2"))
        try await setStops([Self.stop(Self.casino, ["t1"])])
        let close = { (id: String, state: DeliveryTask.State) in
            try await methods.updateTask(
                UpdateTaskRequest(
                    task: DeliveryTask(name: "providers/p/tasks/\(id)", state: state),
                    updateMask: ProtoFieldMask(text: "state")),
                principal: server, now: now)
        }
        #expect(await failure { try await close("t1", .closed) }?.code == .failedPrecondition)
        #expect(try await close("t2", .closed).state == .closed)
        #expect(await failure { try await close("t2", .open) }?.message.contains("cannot be reopened") == true)
    }

    @Test func deletesRefuseWhatIsStillOpenOnAVehicle() async throws {
        try await createVan()
        try await createTask("t1")
        try await setStops([Self.stop(Self.casino, ["t1"])])
        let vehicle = await failure {
            try await methods.deleteDeliveryVehicle(
                DeleteDeliveryVehicleRequest(name: "providers/p/deliveryVehicles/van-1"), principal: server, now: now)
        }
        #expect(vehicle?.code == .failedPrecondition)
        let task = await failure {
            try await methods.deleteTask(DeleteTaskRequest(name: "providers/p/tasks/t1"), principal: server, now: now)
        }
        #expect(task?.code == .failedPrecondition)
        try await setStops([])
        _ = try await methods.deleteTask(DeleteTaskRequest(name: "providers/p/tasks/t1"), principal: server, now: now)
        _ = try await methods.deleteDeliveryVehicle(
            DeleteDeliveryVehicleRequest(name: "providers/p/deliveryVehicles/van-1"), principal: server, now: now)
        #expect(await failure { try await self.task("t1") }?.code == .notFound)
    }

    @Test func listTasksFiltersOnFieldsAndAttributesAndPages() async throws {
        try await createVan()
        for i in 0..<5 {
            var task = Self.task(tracking: "parcel-\(i)")
            task.attributes = [TaskAttribute(key: "fragile", taskAttributeValue: .boolValue(i % 2 == 0))]
            try await createTask("t\(i)", task)
        }
        try await createTask("pickup", Self.task(.pickup, tracking: "back"))
        try await setStops([Self.stop(Self.casino, ["t0", "t1"])])
        let list = { (filter: String, size: Int32, token: String) in
            try await methods.listTasks(
                ListTasksRequest(parent: Self.parent, pageSize: size, pageToken: token, filter: filter),
                principal: server, now: now)
        }
        #expect(try await list("", 0, "").totalSize == 6)
        #expect(try await list("delivery_vehicle_id = \"van-1\"", 0, "").tasks.map(TaskService.id) == ["t0", "t1"])
        #expect(try await list("type = PICKUP", 0, "").tasks.map(TaskService.id) == ["pickup"])
        #expect(try await list("attributes.fragile = \"true\" AND state = OPEN", 0, "").totalSize == 3)
        #expect(try await list("trackingId = \"parcel-3\" OR tracking_id = \"back\"", 0, "").totalSize == 2)
        let first = try await list("type = DELIVERY", 2, "")
        #expect(first.tasks.map(TaskService.id) == ["t0", "t1"] && first.totalSize == 5)
        let second = try await list("type = DELIVERY", 2, first.nextPageToken)
        #expect(second.tasks.map(TaskService.id) == ["t2", "t3"])
        let bad = await failure { try await list("colour = red", 0, "") }
        #expect(bad?.code == .invalidArgument && bad?.message.contains("\"colour\" cannot be filtered on") == true)
    }

    @Test func listDeliveryVehiclesFiltersAttributesAndViewportAndLeavesOutStops() async throws {
        for (id, zone, point) in [
            ("a", "north", Self.casino), ("b", "south", Self.palace), ("c", "north", Self.palace),
        ] {
            _ = try await methods.createDeliveryVehicle(
                CreateDeliveryVehicleRequest(
                    parent: Self.parent, deliveryVehicleId: id,
                    deliveryVehicle: DeliveryVehicle(
                        lastLocation: DeliveryVehicleLocation(location: point),
                        attributes: [DeliveryVehicleAttribute(key: "zone", value: zone)])),
                principal: server, now: now)
        }
        try await createTask("t1")
        try await setStops([Self.stop(Self.casino, ["t1"])], of: "a")
        let list = { (filter: String, viewport: GeoViewport?) in
            try await methods.listDeliveryVehicles(
                ListDeliveryVehiclesRequest(parent: Self.parent, filter: filter, viewport: viewport),
                principal: server, now: now)
        }
        let north = try await list("attributes.zone = \"north\"", nil)
        #expect(
            north.deliveryVehicles.map(\.name) == ["providers/p/deliveryVehicles/a", "providers/p/deliveryVehicles/c"])
        #expect(north.deliveryVehicles[0].remainingVehicleJourneySegments.isEmpty)
        let aroundCasino = GeoViewport(
            low: LatLng(latitude: 43.738, longitude: 7.426), high: LatLng(latitude: 43.741, longitude: 7.429))
        #expect(try await list("", aroundCasino).deliveryVehicles.map(\.name) == ["providers/p/deliveryVehicles/a"])
        #expect(await failure { try await list("zone = north", nil) }?.code == .invalidArgument)
    }
}
