import FleetModel
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// Delivery vehicles in ``FleetTracker``'s polls: their stops and open tasks from one ListTasks of the provider's
/// OPEN tasks grouped by vehicle, the task list listed once when it holds those tasks, a refused Deliveries API, and
/// task changes reported as vehicle changes are.
@Suite struct FleetTrackerDeliveryTests {
    static let t0 = FleetTrackerTests.t0
    static let now = t0 + .seconds(10)

    /// van-1 with three OPEN tasks at two stops (journey sharing says where), van-2 with one task and no journey
    /// sharing yet, van-3 with none; a car beside them.
    static func backend() -> ScriptedFleetBackend {
        let backend = ScriptedFleetBackend(pages: [[FleetTrackerTests.vehicle("car", at: 5)]])
        backend.setDeliveries(
            [
                DeliveryFixtures.van("van-1", now: now), DeliveryFixtures.van("van-2", now: now),
                DeliveryFixtures.van("van-3", age: nil, now: now),
            ],
            tasks: [FleetScope.openTasks: openTasks])
        return backend
    }

    static let openTasks = [
        DeliveryFixtures.task("t3", vehicle: "van-1", tracking: "p3", latitude: 43.74, stop: 2),
        DeliveryFixtures.task("t1", vehicle: "van-1", tracking: "p1", latitude: 43.73, stop: 1),
        DeliveryFixtures.task("t2", type: .pickup, vehicle: "van-1", tracking: "p2", latitude: 43.73, stop: 1),
        DeliveryFixtures.task("t4", vehicle: "van-2", tracking: "p4"),
        DeliveryFixtures.task("t5", tracking: "p5"),  // on no vehicle
    ]

    static func tracker(_ backend: ScriptedFleetBackend, scope: FleetScope) -> FleetTracker {
        let clock = VirtualClock.manual(start: now)
        return FleetTracker(
            backend: backend, scope: scope, options: TripModelOptions(jitterSeed: 1), clock: clock,
            now: { clock.timestamp })
    }

    static func ids(_ tasks: [DeliveryTask]) -> [String] { tasks.map { ResourceID.last(in: $0.name) } }

    @Test func deliveryVehiclesGetTheirStopsAndTasksFromOneListTasksAPoll() async throws {
        let backend = Self.backend()
        let tracker = Self.tracker(backend, scope: FleetScope(kind: .auto, taskFilter: nil))
        await tracker.refresh()
        #expect(backend.calls == ["ListVehicles", "ListDeliveryVehicles", "ListTasks state = OPEN"])
        let fleet = await tracker.fleet
        #expect(
            fleet.keys.sorted() == [
                "providers/p/deliveryVehicles/van-1", "providers/p/deliveryVehicles/van-2",
                "providers/p/deliveryVehicles/van-3", "providers/p/vehicles/car",
            ])
        let van1 = try #require(fleet["providers/p/deliveryVehicles/van-1"])
        #expect(van1.isDelivery && van1.vehicle == nil && !van1.isStale)
        // Stop 1 serves t1 and t2 (one leg each), stop 2 t3 (two legs): the itinerary's order, not the listing's.
        #expect(van1.stops.map { Self.ids($0.tasks) } == [["t1", "t2"], ["t3"]])
        #expect(Self.ids(van1.openTasks) == ["t1", "t2", "t3"])
        let van2 = try #require(fleet["providers/p/deliveryVehicles/van-2"])
        #expect(van2.stops.map { Self.ids($0.tasks) } == [["t4"]], "without journey sharing: a stop per place")
        let van3 = try #require(fleet["providers/p/deliveryVehicles/van-3"])
        #expect(van3.stops.isEmpty && van3.isStale, "no tasks, no location")
        #expect(await tracker.tasks.isEmpty, "no task list asked for")
    }

    /// A task list of the OPEN tasks, or of every task, holds the vehicles' tasks too: one ListTasks a poll. Any
    /// other filter needs the OPEN listing beside it, and none is made without a delivery vehicle.
    @Test func theTaskListIsListedOnceWhenItHoldsTheOpenTasks() async {
        for (filter, calls) in [
            (FleetScope.openTasks, ["ListTasks state = OPEN"]), ("", ["ListTasks "]),
            ("tracking_id = \"p1\"", ["ListTasks tracking_id = \"p1\"", "ListTasks state = OPEN"]),
        ] {
            let backend = Self.backend()
            let answers = Dictionary(
                [FleetScope.openTasks, "", filter].map { ($0, Self.openTasks) }, uniquingKeysWith: { first, _ in first }
            )
            backend.setDeliveries([DeliveryFixtures.van("van-1", now: Self.now)], tasks: answers)
            let tracker = Self.tracker(backend, scope: FleetScope(kind: .all, taskFilter: filter))
            await tracker.refresh()
            #expect(backend.calls.filter { $0.hasPrefix("ListTasks") } == calls, "\(filter)")
            #expect(await tracker.tasks.count == 5)
            #expect(await tracker.fleet["providers/p/deliveryVehicles/van-1"]?.openTasks.count == 3)
        }
        let backend = Self.backend()
        backend.setDeliveries([], tasks: [:])
        let tracker = Self.tracker(backend, scope: FleetScope(kind: .auto, taskFilter: nil))
        await tracker.refresh()
        #expect(backend.calls == ["ListVehicles", "ListDeliveryVehicles"], "no delivery vehicle: no ListTasks")
        let tasksOnly = Self.backend()
        tasksOnly.setDeliveries([DeliveryFixtures.van("van-1", now: Self.now)], tasks: ["": Self.openTasks])
        let listing = Self.tracker(tasksOnly, scope: .tasks(filter: ""))
        await listing.refresh()
        #expect(tasksOnly.calls == ["ListTasks "], "the task list alone lists nothing else")
        #expect(await listing.fleet.isEmpty)
        #expect(await listing.tasks.count == 5)
    }

    /// What `tripterm fleet` asks for: on screen a task list of the OPEN tasks by default, which costs no call, and
    /// the events for its pane; printed, the vehicles alone or (`--tasks`) the tasks alone.
    @Test func theCommandsScopes() {
        #expect(
            FleetScope.command(kind: .auto, tasks: false, taskFilter: nil, onScreen: true)
                == FleetScope(
                    onDemand: true, deliveries: .whenAvailable, taskFilter: FleetScope.openTasks, events: true))
        #expect(FleetScope.command(kind: .deliveries, tasks: true, taskFilter: nil, onScreen: true).taskFilter == "")
        #expect(
            FleetScope.command(kind: .trips, tasks: false, taskFilter: nil, onScreen: true)
                == FleetScope(onDemand: true, deliveries: .off, taskFilter: nil, events: true))
        #expect(
            FleetScope.command(kind: .all, tasks: false, taskFilter: nil, onScreen: false)
                == FleetScope(onDemand: true, deliveries: .required, taskFilter: nil))
        #expect(
            FleetScope.command(kind: .auto, tasks: true, taskFilter: "state = CLOSED", onScreen: false)
                == FleetScope(onDemand: false, deliveries: .off, taskFilter: "state = CLOSED"))
    }

    /// `auto`: a token or project without the Deliveries API turns delivery vehicles and the task list off for
    /// good, and the on-demand fleet goes on; asked for (`all`), the refusal is a failed listing.
    @Test func aRefusedDeliveriesAPIIsTurnedOffOnlyWhenAvailableWasAsked() async {
        let refusal = TripServiceError(code: .permissionDenied, message: "not a delivery super user")
        let backend = Self.backend()
        backend.refuseDeliveries(with: refusal)
        let auto = Self.tracker(backend, scope: FleetScope(kind: .auto, taskFilter: FleetScope.openTasks))
        let log = FleetTrackerTests.Log()
        await auto.register(log)
        await auto.refresh()
        await auto.refresh()
        // Said once, before the first listing without them.
        #expect(log.all == ["deliveries off PERMISSION_DENIED", "fleet 1 +[car] ~[] -[]", "fleet 1 +[] ~[] -[]"])
        #expect(await auto.deliveriesRefusal?.code == .permissionDenied)
        #expect(backend.calls == ["ListVehicles", "ListDeliveryVehicles", "ListVehicles"], "asked once")

        let required = Self.tracker(backend, scope: FleetScope(kind: .all, taskFilter: nil))
        let failures = FleetTrackerTests.Log()
        await required.register(failures)
        await required.refresh()
        #expect(failures.all == ["failed PERMISSION_DENIED (client)"])
        #expect(await required.lastFailedMethod == "ListDeliveryVehicles")
        #expect(
            FleetTracker.hint(for: refusal, page: 1, method: "ListDeliveryVehicles")
                == "ListDeliveryVehicles needs a server token for this provider")
    }

    /// The task list's changes: every task appears first, then a task closed has changed and one deleted has
    /// vanished; the vehicle whose task closed has changed too.
    @Test func taskChangesAreReportedAsVehicleChangesAre() async {
        let backend = Self.backend()
        backend.setDeliveries([DeliveryFixtures.van("van-1", now: Self.now)], tasks: ["": Self.openTasks])
        let tracker = Self.tracker(backend, scope: FleetScope(kind: .deliveries, taskFilter: ""))
        let log = TaskLog()
        await tracker.register(log)
        await tracker.refresh()
        var tasks = Self.openTasks.filter { ResourceID.last(in: $0.name) != "t5" }
        tasks[0].state = .closed  // t3 delivered
        tasks[0].taskOutcome = .succeeded
        backend.setDeliveries([DeliveryFixtures.van("van-1", now: Self.now)], tasks: ["": tasks])
        await tracker.refresh()
        #expect(
            log.all == [
                "vehicles +[van-1] ~[] -[]", "tasks +[t1,t2,t3,t4,t5] ~[] -[]",
                "vehicles +[] ~[van-1] -[]", "tasks +[] ~[t3] -[t5]",
            ])
        #expect(backend.calls.filter { $0.hasPrefix("ListTasks") } == ["ListTasks ", "ListTasks "])
    }

    /// What a subscriber heard of vehicles and tasks, as lines of ids.
    final class TaskLog: FleetTrackerSubscriber {
        private let lines = NIOLockedValueBox<[String]>([])
        var all: [String] { lines.withLockedValue { $0 } }

        private func line<Item>(_ kind: String, _ changes: FleetChanges<Item>) -> String {
            func ids(_ names: [String]) -> String { names.map(ResourceID.last).joined(separator: ",") }
            return "\(kind) +[\(ids(changes.appeared.map(\.name)))] ~[\(ids(changes.changed.map(\.name)))] "
                + "-[\(ids(changes.vanished))]"
        }

        func fleetTracker(_ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate) async {
            let line = line("vehicles", update)
            lines.withLockedValue { $0.append(line) }
        }

        func fleetTracker(
            _ tracker: FleetTracker, didUpdateTasks tasks: [DeliveryTask], changes: FleetChanges<DeliveryTask>
        ) async {
            let line = line("tasks", changes)
            lines.withLockedValue { $0.append(line) }
        }
    }
}
