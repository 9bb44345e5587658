import AsyncHTTPClient
import FleetClient
import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing
import TripFollowing

@testable import DriverKit

/// ``DeliveryDriver`` against the in-process server: a van with three stops driven fix by fix on a manual clock, as
/// `tripterm driver --delivery-vehicle --auto-advance` and `demo --deliveries` drive it, and the driver app's
/// buttons by hand. Each test drives with the van's own driver token, so the roles are the ones a phone has.
@Suite struct DeliveryDriverTests {
    static let depot = LatLng(latitude: 43.73938, longitude: 7.42770)
    static let stops = [
        LatLng(latitude: 43.73516, longitude: 7.42283), LatLng(latitude: 43.73085, longitude: 7.42516),
        LatLng(latitude: 43.72768, longitude: 7.41541),
    ]

    /// The van at the Casino with stops at the port (two deliveries), the Rock (one) and Fontvieille (a pickup),
    /// created and assigned by the provider; returns the van's name and a client with its driver token.
    static func setUp(
        _ server: TestServer, _ http: HTTPClient, id: String
    ) async throws -> (DeliveryVehicleName, FleetEngineClient) {
        let provider = try await server.client(http: http)
        let name = try DeliveryVehicleName(provider: "p", vehicleID: "van-\(id)")
        var van = DeliveryVehicle(type: .auto)
        van.lastLocation = DeliveryVehicleLocation(location: depot)
        _ = try await provider.createDeliveryVehicle(van, name: name)
        let types: [[DeliveryTask.TaskType]] = [[.delivery, .delivery], [.delivery], [.pickup]]
        var segments: [VehicleJourneySegment] = []
        for (index, place) in stops.enumerated() {
            var infos: [VehicleStop.TaskInfo] = []
            for (number, type) in types[index].enumerated() {
                let taskID = "\(id)-\(index + 1)\(number)"
                var task = DeliveryTask(type: type, state: .open, trackingId: "parcel-\(taskID)")
                task.plannedLocation = LocationInfo(point: place)
                task.taskDuration = ProtoDuration(seconds: 60)
                _ = try await provider.createTask(task, name: try TaskName(provider: "p", taskID: taskID))
                infos.append(VehicleStop.TaskInfo(taskId: taskID))
            }
            segments.append(
                VehicleJourneySegment(
                    stop: VehicleStop(plannedLocation: LocationInfo(point: place), tasks: infos, state: .new)))
        }
        var assignment = DeliveryVehicle()
        assignment.remainingVehicleJourneySegments = segments
        _ = try await provider.updateDeliveryVehicle(
            assignment, name: name, updateMask: ["remainingVehicleJourneySegments"])
        let driver = try FleetEngineClient(
            baseURL: server.baseURL,
            tokenProvider: FixedTokenProvider(
                token: try await server.token(AuthorizationClaims(deliveryvehicleid: name.vehicleID))),
            httpClient: http, options: FleetClientOptions(requestTimeout: .seconds(60), role: .driver))
        return (name, driver)
    }

    @Test(.timeLimit(.minutes(2)))
    func autoAdvanceServesEveryStopAndClosesItsTasks() async throws {
        try await withTestServer { server, http in
            let (name, client) = try await Self.setUp(server, http, id: "auto")
            let clock = VirtualClock.manual()
            let notes = TripDriverTests.Notes(clock: clock)
            let reporter = VehicleReporter(client: client, reporting: .delivery(name), clock: VirtualClock.manual())
            let vehicle = try await client.getDeliveryVehicle(name)
            let driver = DeliveryDriver(
                reporter: reporter, client: client, vehicleName: name, vehicle: vehicle,
                options: DeliveryDriver.Options(autoAdvance: true, dwell: .seconds(30), failing: ["auto-20"]),
                roadGraph: { _ in Fixtures.monaco }, clock: clock, notes: { notes.add($0) })
            await reporter.setLocationTrackingEnabled(true)
            let route = try SimulatedRoute(deliveryVehicle: vehicle, graph: Fixtures.monaco)
            #expect(route.stops == Self.stops)
            let drive = SimulatedDrive(
                path: route.path, speed: .road(Fixtures.monaco), stops: route.stops, dwellAtStops: .seconds(30),
                waitsAtEnd: true)

            await driver.startFirstStop()
            await Self.driveToTheEnd(driver, drive, clock: clock)

            let lines = notes.all.map(\.text)
            #expect(
                lines == [
                    "stop 1 of 3 ENROUTE", "stop 1 of 3 ARRIVED", "task auto-10 SUCCEEDED", "task auto-11 SUCCEEDED",
                    "stop completed: 2 tasks closed, 2 stops left", "stop 1 of 2 ENROUTE", "stop 1 of 2 ARRIVED",
                    "task auto-20 FAILED", "stop completed: 1 task closed, 1 stop left", "stop 1 of 1 ENROUTE",
                    "stop 1 of 1 ARRIVED", "task auto-30 SUCCEEDED", "stop completed: 1 task closed, 0 stops left",
                    "no stops left",
                ])
            // Each stop is completed the dwell after arriving, on the driver's clock.
            let seconds = notes.all.map(\.seconds)
            #expect(seconds[4] - seconds[1] == 30)
            for id in ["auto-10", "auto-11", "auto-20", "auto-30"] {
                let task = try await client.getTask(try TaskName(provider: "p", taskID: id))
                #expect(task.state == .closed, "\(id)")
                #expect(task.taskOutcome == (id == "auto-20" ? .failed : .succeeded), "\(id)")
                // No location was sent with the outcome: the server placed it at the van's last report.
                #expect(task.taskOutcomeLocationSource == .lastVehicleLocation, "\(id)")
            }
            let snapshot = await driver.snapshot
            #expect(snapshot.stops.isEmpty)
            #expect(snapshot.outcomes == "3 succeeded, 1 failed")
            // The reporter spoke the Deliveries API: its last update (tracking off) put the van at the last stop.
            await reporter.setLocationTrackingEnabled(false)
            let stored = try #require(await reporter.lastDeliveryResponse?.lastLocation?.location)
            #expect(Geo.distance(stored, Self.stops[2]) < 1)
            #expect(await reporter.statistics.failures == 0)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func theDriverAppsButtonsMoveTheStopOnAndFailATask() async throws {
        try await withTestServer { server, http in
            let (name, client) = try await Self.setUp(server, http, id: "keys")
            let reporter = VehicleReporter(client: client, reporting: .delivery(name), clock: VirtualClock.manual())
            let driver = DeliveryDriver(
                reporter: reporter, client: client, vehicleName: name,
                vehicle: try await client.getDeliveryVehicle(name), roadGraph: nil)

            #expect(await driver.advanceStop() == "stop 1 of 3 ENROUTE")
            #expect(await driver.advanceStop() == "stop 1 of 3 ARRIVED")
            #expect(await driver.snapshot.nextStop == "stop 1 of 3 · ARRIVED · 2 tasks")
            #expect(await driver.failTask() == "task keys-10 FAILED")
            await driver.refresh()
            #expect(
                await driver.snapshot.stopLines == [
                    "keys-10 DELIVERY FAILED", "keys-11 DELIVERY", "then stop 2: keys-20", "then stop 3: keys-30",
                ])
            #expect(await driver.advanceStop() == "stop completed: 2 tasks closed, 2 stops left")
            let failed = try await client.getTask(try TaskName(provider: "p", taskID: "keys-10"))
            let delivered = try await client.getTask(try TaskName(provider: "p", taskID: "keys-11"))
            #expect((failed.state, failed.taskOutcome) == (.closed, .failed))
            #expect((delivered.state, delivered.taskOutcome) == (.closed, .succeeded))
            // The next stop starts NEW: the driver says when they set off.
            #expect(await driver.snapshot.nextStop == "stop 1 of 2 · NEW · 1 task")
            #expect(await driver.failTask() == "task keys-20 FAILED")
            #expect(await driver.failTask() == "no task without an outcome at the next stop")
        }
    }

    @Test func aDeliveryPatchSpeaksTheDeliveriesAPI() throws {
        let path = [Self.depot, Self.stops[0]]
        var vehicle = Vehicle(vehicleState: .online)
        vehicle.lastLocation = VehicleLocation(location: Self.depot, heading: 90, speed: 5, locationSensor: .gps)
        vehicle.navigationStatus = .enrouteToDestination
        vehicle.currentRouteSegment = S2Polyline.encode(path)
        vehicle.currentRouteSegmentEndPoint = TripWaypoint(location: TerminalLocation(point: Self.stops[0]))
        vehicle.remainingDistanceMeters = 812
        vehicle.remainingTimeSeconds = 95
        let mask = [
            "lastLocation", "navigationStatus", "currentRouteSegment", "currentRouteSegmentEndPoint",
            "remainingDistanceMeters", "remainingTimeSeconds",
        ]
        let (patch, sent) = ReportedVehicle.deliveryPatch(vehicle, mask: ["vehicleState"] + mask)
        #expect(sent.contains("remainingDuration") && !sent.contains("vehicleState"))
        #expect(!sent.contains("remainingTimeSeconds"))
        #expect(patch.lastLocation?.location == Self.depot)
        #expect(patch.lastLocation?.heading == 90)
        #expect(patch.lastLocation?.locationSensor == .gps)
        #expect(patch.navigationStatus == .enrouteToDestination)
        #expect(try S2Polyline.decode(bytes: Array(patch.currentRouteSegment)).count == 2)
        #expect(patch.currentRouteSegmentEndPoint == Self.stops[0])
        #expect(patch.remainingDistanceMeters == 812)
        #expect(patch.remainingDuration == ProtoDuration(seconds: 95))
    }

    /// Drives the simulated route fix by fix, a second of clock time each, until the path ends.
    static func driveToTheEnd(_ driver: DeliveryDriver, _ drive: SimulatedDrive, clock: VirtualClock) async {
        var seconds = 0.0
        while let position = drive.position(at: seconds) {
            await driver.handle(
                LocationFix(
                    coordinate: position.coordinate, heading: position.heading, speed: position.speed, time: Date()))
            if seconds >= drive.durationSeconds { return }
            seconds += 1
            clock.advance(by: .seconds(1))
        }
    }
}
