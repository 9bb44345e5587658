import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap
import TripFollowing

/// The demo's day of deliveries in Monaco (`tripterm demo --deliveries`), played by the parties of the Deliveries
/// API: the provider's back end creates the van and its tasks in one batch and gives the van its stops; the van's
/// phone (a ``DeliveryDriver``) drives them on the road map, arriving, setting outcomes (one recipient is out) and
/// completing each stop; and a shipment's consumer tracks one parcel four stops down the list.
struct DeliveryDemoScenario: Sendable {
    /// A stop of the day: where, and what is done there.
    struct Stop {
        var place: LatLng
        var tasks: [DeliveryTask.TaskType]
    }

    /// The depot in Fontvieille, where the van starts.
    static let depot = LatLng(latitude: 43.72768, longitude: 7.41541)
    static let stops = [
        // The Jardin Exotique, up the hill.
        Stop(place: LatLng(latitude: 43.73130, longitude: 7.41280), tasks: [.delivery, .delivery]),
        // Port Hercule: a parcel and a return collected.
        Stop(place: LatLng(latitude: 43.73516, longitude: 7.42283), tasks: [.delivery, .pickup]),
        // The Oceanographic Museum, on the Rock: nobody at the door (its task FAILED).
        Stop(place: LatLng(latitude: 43.73085, longitude: 7.42516), tasks: [.delivery]),
        // Place du Casino: the tracked parcel.
        Stop(place: LatLng(latitude: 43.73938, longitude: 7.42770), tasks: [.delivery, .delivery]),
        // Larvotto.
        Stop(place: LatLng(latitude: 43.74420, longitude: 7.43400), tasks: [.delivery]),
    ]
    /// The stop (index in ``stops``) whose first task is the tracked shipment, and the one whose task fails.
    static let trackedStop = 3
    static let failingStop = 2
    /// How long each task takes at its stop, as the provider plans it.
    static let taskDuration = ProtoDuration(seconds: 120)

    let vehicleName: DeliveryVehicleName
    /// The tracked parcel's tracking id.
    let trackingName: TaskTrackingInfoName
    let id: String
    let graph: RoadGraph
    let speed: Double
    let clock: VirtualClock

    init(graph: RoadGraph, clock: VirtualClock, speed: Double, id: String) throws {
        self.id = id
        vehicleName = try DeliveryVehicleName(provider: DemoScenario.provider, vehicleID: "van-\(id)")
        trackingName = try TaskTrackingInfoName(
            provider: DemoScenario.provider, trackingID: Self.trackingID(id: id, stop: Self.trackedStop, task: 0))
        self.graph = graph
        self.speed = speed
        self.clock = clock
    }

    static func taskID(id: String, stop: Int, task: Int) -> String { "task-\(id)-\(stop + 1)\(letter(task))" }
    static func trackingID(id: String, stop: Int, task: Int) -> String { "parcel-\(id)-\(stop + 1)\(letter(task))" }
    private static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(97 + index))) }

    /// Creates the van at the depot and the day's tasks in one batch, then gives the van its stops in order — the
    /// provider's back end, with the server token.
    func setUp(client: FleetEngineClient) async throws {
        var van = DeliveryVehicle(type: .auto)
        van.lastLocation = DeliveryVehicleLocation(location: Self.depot)
        _ = try await client.createDeliveryVehicle(van, name: vehicleName)
        var batch = BatchCreateTasksRequest()
        var segments: [VehicleJourneySegment] = []
        for (index, stop) in Self.stops.enumerated() {
            var infos: [VehicleStop.TaskInfo] = []
            for (number, type) in stop.tasks.enumerated() {
                let taskID = Self.taskID(id: id, stop: index, task: number)
                var task = DeliveryTask(type: type, state: .open)
                task.plannedLocation = LocationInfo(point: stop.place)
                task.taskDuration = Self.taskDuration
                task.trackingId = Self.trackingID(id: id, stop: index, task: number)
                batch.requests.append(CreateTaskRequest(taskId: taskID, task: task))
                infos.append(VehicleStop.TaskInfo(taskId: taskID, taskDuration: Self.taskDuration))
            }
            let planned = VehicleStop(plannedLocation: LocationInfo(point: stop.place), tasks: infos, state: .new)
            segments.append(VehicleJourneySegment(stop: planned))
        }
        _ = try await client.batchCreateTasks(provider: DemoScenario.provider, batch)
        var stops = DeliveryVehicle()
        stops.remainingVehicleJourneySegments = segments
        _ = try await client.updateDeliveryVehicle(
            stops, name: vehicleName, updateMask: ["remainingVehicleJourneySegments"])
    }

    /// The van's phone: a ``DeliveryDriver`` moving its stops on by itself, waiting at each 20 s of demo time but
    /// long enough in real time for a consumer polling every second to see it ARRIVED.
    func makeDriver(driver: FleetEngineClient, log: DriverLog) async throws -> DeliveryDriver {
        let reporter = VehicleReporter(
            client: driver, reporting: .delivery(vehicleName), interval: .seconds(5), clock: clock,
            now: { clock.timestamp.date })
        await reporter.addListener(log)
        let vehicle = try await driver.getDeliveryVehicle(vehicleName)
        let graph = self.graph
        let failing = Self.stops[Self.failingStop].tasks.indices.map {
            Self.taskID(id: id, stop: Self.failingStop, task: $0)
        }
        return DeliveryDriver(
            reporter: reporter, client: driver, vehicleName: vehicleName, vehicle: vehicle,
            options: DeliveryDriver.Options(
                autoAdvance: true, dwell: .seconds(max(20, DemoScenario.shortestDwell.inSeconds * speed)),
                failing: Set(failing)),
            roadGraph: { _ in graph }, clock: clock, now: { clock.timestamp.date }, notes: { log.append($0) })
    }

    /// Drives the day to its end: every stop in turn, waiting at each, the reporter on.
    func play(driver: DeliveryDriver) async throws {
        let reporter = driver.reporter
        await reporter.updateLocation(LocationFix(coordinate: Self.depot, sensor: .gps, time: clock.timestamp.date))
        await reporter.setLocationTrackingEnabled(true)
        await driver.refresh()
        let route = try SimulatedRoute(deliveryVehicle: await driver.snapshot.vehicle, graph: graph)
        let drive = SimulatedDrive(
            path: route.path, speed: .road(graph), fixInterval: .seconds(1), stops: route.stops,
            dwellAtStops: driver.options.dwell, waitsAtEnd: true, clock: clock, startTime: { clock.timestamp.date })
        try await driver.drive(drive)
        await reporter.updateRouteProgress(nil)
        await reporter.setLocationTrackingEnabled(false)
    }
}
