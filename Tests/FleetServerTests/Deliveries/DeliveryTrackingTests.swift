import FleetModel
import Foundation
import RoadMap
import TestSupport
import Testing

@testable import FleetServer

/// What the server derives for deliveries (``DeliveryProgress``): a task's journey sharing, a shipment's tracking
/// info and its visibility rules, and who may read them (deliveries reference §4.4–4.5, §6).
@Suite struct DeliveryTrackingTests {
    let rules: DeliveryRulesTests
    var methods: FleetMethods { rules.methods }
    var server: Principal { rules.server }
    var now: ProtoTimestamp { rules.now }
    typealias Fixture = DeliveryRulesTests

    init() throws { rules = try DeliveryRulesTests() }

    /// A van at the depot with two stops: the casino (t1, parcel-1) then the palace (t2, parcel-2, 5 minutes).
    func day(config: TaskTrackingViewConfig? = nil) async throws {
        try await rules.createVan()
        try await rules.createTask("t1")
        var second = Fixture.task(tracking: "parcel-2", at: Fixture.palace, minutes: 5)
        second.taskTrackingViewConfig = config
        try await rules.createTask("t2", second)
        try await rules.setStops([
            Fixture.stop(Fixture.casino, ["t1"], state: .enroute), Fixture.stop(Fixture.palace, ["t2"]),
        ])
    }

    func tracking(_ id: String, as principal: Principal? = nil) async throws -> TaskTrackingInfo {
        try await methods.getTaskTrackingInfo(
            GetTaskTrackingInfoRequest(name: "providers/p/taskTrackingInfo/\(id)"), principal: principal ?? server,
            now: now)
    }

    /// Van-1's report of where it is.
    static func report(_ location: LatLng) -> UpdateDeliveryVehicleRequest {
        UpdateDeliveryVehicleRequest(
            deliveryVehicle: DeliveryVehicle(
                name: "providers/p/deliveryVehicles/van-1", lastLocation: DeliveryVehicleLocation(location: location)),
            updateMask: ProtoFieldMask(text: "last_location"))
    }

    /// A write to t2 alone: its door, as an attribute.
    func markDoor() async throws {
        _ = try await methods.updateTask(
            UpdateTaskRequest(
                task: DeliveryTask(
                    name: "providers/p/tasks/t2",
                    attributes: [TaskAttribute(key: "door", taskAttributeValue: .stringValue("B"))]),
                updateMask: ProtoFieldMask(text: "attributes")),
            principal: server, now: now)
    }

    @Test func aShipmentsTrackingInfoCountsTheStopsAndTimeBeforeIt() async throws {
        try await day()
        let first = try await tracking("parcel-1")
        #expect(first.remainingStopCount == 1 && first.state == .open)
        #expect(first.vehicleLocation?.location == Fixture.depot)
        let second = try await tracking("parcel-2")
        #expect(second.remainingStopCount == 2)
        #expect((second.remainingDrivingDistanceMeters ?? 0) > (first.remainingDrivingDistanceMeters ?? 0))
        // The van serves the casino's 2 minutes before driving on; the palace's task takes 5 more.
        let arrival = try #require(second.estimatedArrivalTime)
        let firstArrival = try #require(first.estimatedArrivalTime)
        #expect(arrival - firstArrival >= .seconds(120))
        #expect(second.estimatedTaskCompletionTime.map { $0 - arrival } == .seconds(300))
        #expect(second.routePolylinePoints.first == Fixture.depot && second.routePolylinePoints.last == Fixture.palace)
        #expect(second.plannedLocation?.point == Fixture.palace)
    }

    @Test func beforeTheVanReportsTheStopsCountButNothingIsEstimated() async throws {
        _ = try await methods.createDeliveryVehicle(
            CreateDeliveryVehicleRequest(parent: "providers/p", deliveryVehicleId: "van-1"), principal: server, now: now
        )
        try await rules.createTask("t1")
        try await rules.setStops([Fixture.stop(Fixture.casino, ["t1"])])
        let info = try await tracking("parcel-1")
        #expect(info.remainingStopCount == 1 && info.vehicleLocation == nil)
        #expect(info.estimatedArrivalTime == nil && info.remainingDrivingDistanceMeters == nil)
        #expect(try await rules.task("t1").journeySharingInfo == nil)
    }

    /// Every consumer of a van's shipments asks for the same legs: each is estimated once per server.
    @Test func legsAreEstimatedOnceForEveryShipmentOfAVan() async throws {
        try await day()
        _ = try await tracking("parcel-2")
        let legs = methods.legMemo.count
        #expect(legs == 2)  // the van to the casino, the casino to the palace
        _ = try await tracking("parcel-1")
        _ = try await tracking("parcel-2")
        #expect(methods.legMemo.count == legs)
    }

    /// A van's itinerary (the van, its open tasks, its legs) serves each of its shipments' polls until a write
    /// changes the van or one of its tasks: then the next poll reads what the write left.
    @Test func aVansItineraryServesItsShipmentsUntilAWriteChangesIt() async throws {
        try await day()
        let cache = methods.store.deliveryReads
        func cached() -> Itinerary? { cache.itinerary(provider: "p", vehicleID: "van-1") }
        #expect(cached() == nil)
        _ = try await tracking("parcel-2")
        #expect(cached()?.tasks.keys.sorted() == ["t1", "t2"] && cached()?.journey.count == 2)

        let moved = LatLng(latitude: 43.7370, longitude: 7.4240)
        _ = try await methods.updateDeliveryVehicle(Self.report(moved), principal: server, now: now)
        #expect(cached() == nil, "the van's report forgets its journey")
        guard case .reported(let vehicle, let tasks)? = cache.van(provider: "p", vehicleID: "van-1") else {
            Issue.record("the van's tasks are not kept with its new row")
            return
        }
        #expect(vehicle.lastLocation?.location == moved && tasks.keys.sorted() == ["t1", "t2"])
        #expect(try await tracking("parcel-2").vehicleLocation?.location == moved)
        #expect(try await tracking("parcel-1").routePolylinePoints.first == moved)
        #expect(cached()?.vehicle.lastLocation?.location == moved)

        try await markDoor()
        #expect(cached() == nil, "a write to one of its tasks forgets it")
        #expect(try await tracking("parcel-2").attributes.first?.key == "door")

        try await rules.setStops([Fixture.stop(Fixture.palace, ["t2"])])
        let second = try await tracking("parcel-2")
        #expect(second.remainingStopCount == 1, "the casino's stop is gone")
        #expect(cached()?.tasks.keys.sorted() == ["t2"], "t1 was closed with its stop")
        #expect(try await tracking("parcel-1").state == .closed)
    }

    /// Once a poll read them, a shipment's tasks and van answer its next polls from memory alone, on the fast path
    /// (``FleetMethods/liveShipmentAnswer(_:now:cacheKey:options:)``), with the ordinary path's bytes. A write to the
    /// task or to a task of the same tracking id sends the next poll back to the ordinary path; a van's report does
    /// not, since its tasks stay as they were.
    @Test func aShipmentPolledOnceIsAnsweredFromMemoryUntilAWriteChangesIt() async throws {
        try await day()
        let name = try TaskTrackingInfoName(provider: "p", trackingID: "parcel-2")
        func live() -> String? {
            methods.liveShipmentAnswer(name, now: now, cacheKey: "k", options: .init())
                .map { String(decoding: $0, as: UTF8.self) }
        }
        func ordinary() async throws -> String {
            String(decoding: try ProtoJSON.encode(try await tracking("parcel-2")), as: UTF8.self)
        }
        #expect(live() == nil, "nothing read yet")
        let first = try await ordinary()
        #expect(live() == first)

        let moved = LatLng(latitude: 43.7370, longitude: 7.4240)
        _ = try await methods.updateDeliveryVehicle(Self.report(moved), principal: server, now: now)
        // The van's report: its new row with its tasks as kept, still from memory.
        let reported = try #require(live())
        #expect(reported != first && reported.contains(#""location":{"latitude":43.737,"longitude":7.424}"#))
        #expect(try await ordinary() == reported)

        try await markDoor()
        #expect(live() == nil, "a write to its task")
        #expect(try await ordinary().contains("door") && live()?.contains("door") == true)

        try await rules.createTask("t3", Fixture.task(tracking: "parcel-2", at: Fixture.depot))
        #expect(live() == nil, "a new task of the same tracking id")
        #expect(try await ordinary() == live())
        _ = try await methods.deleteTask(DeleteTaskRequest(name: "providers/p/tasks/t3"), principal: server, now: now)
        #expect(live() == nil, "a task of the tracking id deleted")
    }

    /// The first poll that memory cannot answer reads all of the provider's deliveries into memory at once (a depot's
    /// cold start): every shipment, whatever its tasks' states and vans, and every van's itinerary; a provider's
    /// later misses read only what they need.
    @Test func aProvidersFirstMissReadsAllItsDeliveriesIntoMemory() async throws {
        try await day()
        try await rules.createTask("t4", Fixture.task(.pickup, tracking: "parcel-1", at: Fixture.depot))
        let cache = methods.store.deliveryReads
        #expect(cache.shipment(provider: "p", trackingID: "parcel-1") == nil)
        _ = try await tracking("parcel-2")
        #expect(
            cache.shipment(provider: "p", trackingID: "parcel-1")?.map(\.name) == [
                "providers/p/tasks/t1", "providers/p/tasks/t4",
            ])
        #expect(cache.itinerary(provider: "p", vehicleID: "van-1") != nil)
        let parcel1 = try TaskTrackingInfoName(provider: "p", trackingID: "parcel-1")
        let live = try #require(methods.liveShipmentAnswer(parcel1, now: now, cacheKey: "k", options: .init()))
        #expect(live == (try ProtoJSON.encode(try await tracking("parcel-1"))), "the ordinary path's bytes")
    }

    /// Reading a van's itinerary notes the shipments all of whose tasks are open on it, so their first polls read
    /// nothing; a tracking id with a task elsewhere is left to its own first poll.
    @Test func aVansFirstReadNotesItsShipments() async throws {
        try await day()
        _ = try await tracking("parcel-2")  // the provider's first miss: all of it read once (the test above)
        try await rules.createTask("t3", Fixture.task(tracking: "parcel-3", at: Fixture.palace))
        try await rules.createTask("t4", Fixture.task(.pickup, tracking: "parcel-1", at: Fixture.depot))
        try await rules.setStops([
            Fixture.stop(Fixture.casino, ["t1"], state: .enroute), Fixture.stop(Fixture.palace, ["t2", "t3"]),
        ])
        let cache = methods.store.deliveryReads
        _ = try await tracking("parcel-2")
        #expect(cache.shipment(provider: "p", trackingID: "parcel-3")?.map(\.name) == ["providers/p/tasks/t3"])
        #expect(cache.shipment(provider: "p", trackingID: "parcel-1") == nil, "t4 is not on the van")
        _ = try await tracking("parcel-1")
        #expect(
            cache.shipment(provider: "p", trackingID: "parcel-1")?.map(\.name) == [
                "providers/p/tasks/t1", "providers/p/tasks/t4",
            ])
        let name = try TaskTrackingInfoName(provider: "p", trackingID: "parcel-3")
        #expect(methods.trackedInMemory(name)?.task.name == "providers/p/tasks/t3")
    }

    /// On the road map a report's legs are A* searches: memory alone (the event loop) then leaves them to a read,
    /// and answers again once a read derived them.
    @Test func onTheRoadMapAReportsLegsAreDerivedByAReadNotOnTheEventLoop() async throws {
        let roads = RoadGraph(try RoadMapFile.load(path: try Repository.file("Assets/maps/monaco.roadmap")))
        let onRoads = FleetMethods(store: methods.store, roads: roads)
        try await day()
        let name = try TaskTrackingInfoName(provider: "p", trackingID: "parcel-2")
        func poll() async throws -> TaskTrackingInfo {
            try await onRoads.getTaskTrackingInfo(
                GetTaskTrackingInfoRequest(name: name.description), principal: server, now: now)
        }
        _ = try await poll()
        #expect(onRoads.trackedInMemory(name) != nil)
        _ = try await methods.updateDeliveryVehicle(Self.report(Fixture.casino), principal: server, now: now)
        #expect(onRoads.trackedInMemory(name) == nil, "its legs are to be driven again")
        #expect(try await poll().vehicleLocation?.location == Fixture.casino)
        #expect(onRoads.trackedInMemory(name)?.on?.vehicle.lastLocation?.location == Fixture.casino)
    }

    /// A van's report reads the van and its tasks from memory when a read kept them (``LiveReads``) — but not when
    /// a write earlier in its batch changed one of them: then from the rows, which hold that write's change.
    @Test func aReportBatchedAfterATaskWriteAnswersWithThatWrite() async throws {
        try await day()
        _ = try await tracking("parcel-2")  // keeps the van and its tasks
        let report = Self.report(Fixture.casino)
        func window(_ answer: DeliveryVehicle) -> TimeWindow? {
            answer.remainingVehicleJourneySegments.last?.stop?.tasks.first?.targetTimeWindow
        }
        let fromMemory = try await methods.updateDeliveryVehicle(report, principal: server, now: now)
        #expect(fromMemory.remainingVehicleJourneySegments.first?.stop?.tasks.first?.taskDuration?.seconds == 120)
        #expect(window(fromMemory) == nil)

        let store = methods.store
        let methods = methods
        let (server, now) = (server, now)
        let evening = TimeWindow(
            startTime: ProtoTimestamp(seconds: 1_800_000_000), endTime: ProtoTimestamp(seconds: 1_800_003_600))
        store.groupCommit.hold()
        let taskWrite = Task {
            try await methods.updateTask(
                UpdateTaskRequest(
                    task: DeliveryTask(name: "providers/p/tasks/t2", targetTimeWindow: evening),
                    updateMask: ProtoFieldMask(text: "target_time_window")),
                principal: server, now: now)
        }
        while store.groupCommit.pendingCount < 1 { await Task.yield() }
        let reportWrite = Task { try await methods.updateDeliveryVehicle(report, principal: server, now: now) }
        while store.groupCommit.pendingCount < 2 { await Task.yield() }
        store.groupCommit.release()
        _ = try await taskWrite.value
        #expect(window(try await reportWrite.value) == evening, "the task's window as written earlier in the batch")
    }

    @Test func visibilityRulesHideWhatTheirThresholdsDoNotReach() async throws {
        var config = TaskTrackingViewConfig()
        config.vehicleLocationVisibility = .init(visibilityOption: .never(true))
        config.remainingStopCountVisibility = .init(visibilityOption: .remainingStopCountThreshold(1))
        config.estimatedArrivalTimeVisibility = .init(
            visibilityOption: .durationUntilEstimatedArrivalTimeThreshold(ProtoDuration(seconds: 24 * 3600)))
        config.remainingDrivingDistanceVisibility = .init(
            visibilityOption: .remainingDrivingDistanceMetersThreshold(10))
        try await day(config: config)
        let info = try await tracking("parcel-2")
        #expect(info.vehicleLocation == nil)
        #expect(info.remainingStopCount == nil)  // 2 stops away, shown from 1
        #expect(info.estimatedArrivalTime != nil)  // within a day
        #expect(info.remainingDrivingDistanceMeters == nil)
        #expect(!info.routePolylinePoints.isEmpty && info.estimatedTaskCompletionTime != nil)  // no rule: shown
        // The first stop done, the palace is next: the count shows.
        try await rules.setStops([Fixture.stop(Fixture.palace, ["t2"])])
        #expect(try await tracking("parcel-2").remainingStopCount == 1)
    }

    @Test func theServersDefaultVisibilityAppliesWhereATaskSetsNoRule() async throws {
        var config = TaskTrackingViewConfig()
        config.vehicleLocationVisibility = .init(visibilityOption: .always(true))
        try await day(config: config)
        let strict = FleetMethods(store: methods.store, defaultTaskVisibility: try TaskVisibility.parse("stops:1"))
        let info = try await strict.getTaskTrackingInfo(
            GetTaskTrackingInfoRequest(name: "providers/p/taskTrackingInfo/parcel-2"), principal: server, now: now)
        #expect(info.vehicleLocation != nil)  // its own rule
        #expect(info.remainingStopCount == nil && info.routePolylinePoints.isEmpty && info.estimatedArrivalTime == nil)
        #expect(
            try TaskVisibility.parse("eta:10m").visibilityOption
                == .durationUntilEstimatedArrivalTimeThreshold(ProtoDuration(seconds: 600)))
        #expect(try TaskVisibility.parse("never").visibilityOption == .never(true))
        for bad in ["sometimes", "stops:", "stops:-1", "eta:10", "meters:x"] {
            #expect(throws: FleetError.self, "\(bad)") { try TaskVisibility.parse(bad) }
        }
    }

    @Test func aClosedShipmentSaysItsOutcomeAndNoLongerWhereTheVanIs() async throws {
        try await day()
        _ = try await methods.updateTask(
            UpdateTaskRequest(
                task: DeliveryTask(name: "providers/p/tasks/t1", taskOutcome: .succeeded),
                updateMask: ProtoFieldMask(text: "taskOutcome")),
            principal: server, now: now)
        try await rules.setStops([Fixture.stop(Fixture.palace, ["t2"])])
        let done = try await tracking("parcel-1")
        #expect(done.state == .closed && done.taskOutcome == .succeeded)
        #expect(done.vehicleLocation == nil && done.remainingStopCount == nil && done.routePolylinePoints.isEmpty)
        await #expect(throws: FleetError.notFound("no task has the tracking id \"nobody\"")) {
            try await tracking("nobody")
        }
    }

    @Test func getTaskSharesTheJourneyUpToItsStopWithoutOtherCustomersPlaces() async throws {
        try await day()
        let task = try await rules.task("t2")
        let journey = try #require(task.journeySharingInfo)
        #expect(journey.remainingVehicleJourneySegments.count == 2)
        #expect(journey.remainingVehicleJourneySegments.allSatisfy { $0.stop == nil && $0.drivingDuration != nil })
        #expect(journey.lastLocation?.location == Fixture.depot)
    }

    @Test func consumersDriversAndReadersReachOnlyWhatTheirTokensName() async throws {
        try await day()
        let consumer = Principal(trackingID: "parcel-1")
        #expect(try await tracking("parcel-1", as: consumer).trackingId == "parcel-1")
        await #expect(throws: FleetError.self) { try await tracking("parcel-2", as: consumer) }
        let stranger = await rules.failure {
            try await methods.getTask(GetTaskRequest(name: "providers/p/tasks/t1"), principal: consumer, now: now)
        }
        #expect(stranger?.code == .permissionDenied)

        let driver = Principal(deliveryVehicleID: "van-1")
        #expect(
            try await methods.getTask(GetTaskRequest(name: "providers/p/tasks/t1"), principal: driver, now: now).name
                != "")
        let otherVan = await rules.failure {
            try await methods.getDeliveryVehicle(
                GetDeliveryVehicleRequest(name: "providers/p/deliveryVehicles/van-2"), principal: driver, now: now)
        }
        #expect(otherVan?.code == .permissionDenied)
        let list = await rules.failure {
            try await methods.listTasks(ListTasksRequest(parent: "providers/p"), principal: driver, now: now)
        }
        #expect(list?.code == .permissionDenied)

        let reader = Principal(
            tripID: "*", vehicleID: "*", deliveryVehicleID: "*", taskIDs: ["*"], trackingID: "*", isFleetReader: true)
        #expect(
            try await methods.listTasks(ListTasksRequest(parent: "providers/p"), principal: reader, now: now).totalSize
                == 2)
        let write = await rules.failure {
            try await methods.deleteTask(DeleteTaskRequest(name: "providers/p/tasks/t1"), principal: reader, now: now)
        }
        #expect(write?.code == .permissionDenied && write?.message.contains("read-only") == true)
        // An on-demand server token is not a deliveries one.
        let onDemand = await rules.failure {
            try await methods.listTasks(
                ListTasksRequest(parent: "providers/p"), principal: Principal(tripID: "*", vehicleID: "*"), now: now)
        }
        #expect(onDemand?.code == .permissionDenied)
    }
}

extension DeliveryTrackingTests {
    /// A shipment's answer with its route spliced in from the van's ``RoutePointsJSON`` has the bytes of the
    /// answer written whole: for the task at each stop, under each rule for the route, with enums either way, over
    /// segments with many points, none, and coordinates no short decimal spells.
    @Test func anAnswerWithItsRouteSplicedInIsTheAnswerWrittenWhole() throws {
        let progress = methods.deliveryProgress
        let points = [
            [Fixture.depot, LatLng(latitude: 43.73512345678, longitude: 7.4211), LatLng(latitude: -0.5, longitude: 0)],
            [],
            [LatLng(latitude: 43.7384, longitude: 7.4246123), Fixture.casino],
            [Fixture.palace],
        ]
        let ids = ["a", "b", "c", "d"]
        var vehicle = DeliveryVehicle(
            name: "providers/p/deliveryVehicles/van-1",
            lastLocation: DeliveryVehicleLocation(location: Fixture.depot))
        vehicle.remainingVehicleJourneySegments = ids.map { Fixture.stop(Fixture.casino, [$0]) }
        let journey = zip(vehicle.remainingVehicleJourneySegments, points).map { segment, path in
            var segment = segment
            segment.path = path
            segment.drivingDistanceMeters = 300
            segment.drivingDuration = ProtoDuration(seconds: 60)
            return segment
        }
        let rules: [TaskTrackingViewConfig.VisibilityOption?] = [
            nil, .init(visibilityOption: .never(true)), .init(visibilityOption: .remainingStopCountThreshold(2)),
        ]
        for rule in rules {
            var tasks: [String: DeliveryTask] = [:]
            for id in ids {
                var task = Fixture.task(tracking: "parcel-\(id)")
                task.name = "providers/p/tasks/\(id)"
                task.deliveryVehicleId = "van-1"
                task.taskTrackingViewConfig = TaskTrackingViewConfig(routePolylinePointsVisibility: rule)
                tasks[id] = task
            }
            let itinerary = Itinerary(vehicle: vehicle, tasks: tasks, journey: journey)
            for id in ids {
                let task = try #require(tasks[id])
                let name = try TaskTrackingInfoName(provider: "p", trackingID: task.trackingId)
                for options in [ProtoJSONEncodingOptions(), ProtoJSONEncodingOptions(enumsAsIntegers: true)] {
                    let whole = try ProtoJSON.bytes(
                        of: progress.trackingInfo(task, name: name, on: itinerary, now: now), options: options)
                    let spliced = try progress.trackingInfoJSON(
                        task, name: name, on: itinerary, now: now, options: options)
                    #expect(
                        String(decoding: spliced, as: UTF8.self) == String(decoding: whole, as: UTF8.self),
                        "task \(id), rule \(String(describing: rule))")
                }
            }
        }
    }
}
