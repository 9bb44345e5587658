import AsyncHTTPClient
import DriverKit
import FleetClient
import FleetModel
import Foundation
import NIOConcurrencyHelpers
import RoadMap
import TestSupport
import Testing
import TripFollowing

/// ``TripDriver`` against the in-process server, on a manual clock: a car driven fix by fix through a trip with a
/// pickup, a stop and a dropoff, as `tripterm driver --auto-advance` and the demo drive it.
@Suite struct TripDriverTests {
    static let start = LatLng(latitude: 43.73938, longitude: 7.42770)
    static let pickup = LatLng(latitude: 43.73516, longitude: 7.42283)
    static let stop = LatLng(latitude: 43.73085, longitude: 7.42516)
    static let dropoff = LatLng(latitude: 43.72768, longitude: 7.41541)

    /// Notes with the clock's seconds since the start.
    final class Notes: Sendable {
        private let lines = NIOLockedValueBox<[(seconds: Int64, text: String)]>([])
        let clock: VirtualClock
        let origin: ProtoTimestamp

        init(clock: VirtualClock) {
            self.clock = clock
            origin = clock.timestamp
        }

        func add(_ text: String) {
            let seconds = (clock.timestamp - origin).components.seconds
            lines.withLockedValue { $0.append((seconds, text)) }
        }

        var all: [(seconds: Int64, text: String)] { lines.withLockedValue { $0 } }
    }

    /// A vehicle at the Casino with a trip assigned: pickup at the port, a stop on the Rock, dropoff in Fontvieille.
    static func setUp(_ client: FleetEngineClient, id: String) async throws -> (VehicleName, TripName, Vehicle) {
        let vehicleName = try VehicleName(parsing: "providers/p/vehicles/car-\(id)")
        let tripName = try TripName(parsing: "providers/p/trips/trip-\(id)")
        var vehicle = Vehicle(
            vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
            vehicleType: Vehicle.VehicleType(category: .auto))
        vehicle.lastLocation = VehicleLocation(location: start)
        _ = try await client.createVehicle(vehicle, name: vehicleName)
        var trip = Trip(
            tripType: .exclusive, pickupPoint: TerminalLocation(point: pickup),
            dropoffPoint: TerminalLocation(point: dropoff))
        trip.intermediateDestinations = [TerminalLocation(point: stop)]
        trip.numberOfPassengers = 1
        trip.vehicleId = vehicleName.vehicleID
        _ = try await client.createTrip(trip, name: tripName)
        return (vehicleName, tripName, try await client.getVehicle(vehicleName))
    }

    /// Drives the simulated route fix by fix, a second of clock time each, until the path ends.
    static func driveToTheEnd(_ driver: TripDriver, _ drive: SimulatedDrive, clock: VirtualClock) async {
        var seconds = 0.0
        while true {
            let position = drive.position(at: seconds)!
            await driver.handle(
                LocationFix(
                    coordinate: position.coordinate, heading: position.heading, speed: position.speed, time: Date()))
            if seconds >= drive.durationSeconds { return }
            seconds += 1
            clock.advance(by: .seconds(1))
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func autoAdvanceDrivesEveryLegAndWaitsAtEachStop() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            let (vehicleName, tripName, vehicle) = try await Self.setUp(client, id: "auto")
            let clock = VirtualClock.manual()
            let notes = Notes(clock: clock)
            // The reporter's own clock never moves: it sends when tracking starts, and the test reads no more of it.
            let reporter = VehicleReporter(client: client, vehicle: vehicleName, clock: VirtualClock.manual())
            let driver = TripDriver(
                reporter: reporter, vehicleClient: client, tripClient: client, vehicleName: vehicleName,
                vehicle: vehicle,
                options: TripDriver.Options(autoAdvance: true, dwell: .seconds(20)),
                roadGraph: { _ in Fixtures.monaco },
                clock: clock, notes: { notes.add($0) })
            await reporter.setLocationTrackingEnabled(true)
            let route = try SimulatedRoute(vehicle: vehicle, graph: Fixtures.monaco)
            #expect(route.stops == [Self.pickup, Self.stop, Self.dropoff])
            let drive = SimulatedDrive(
                path: route.path, speed: .road(Fixtures.monaco), stops: route.stops, dwellAtStops: .seconds(20))

            await driver.startAssignedTrips()
            await Self.driveToTheEnd(driver, drive, clock: clock)

            let id = tripName.tripID
            let statuses = notes.all.map(\.text)
            #expect(
                statuses == [
                    "trip \(id) ENROUTE_TO_PICKUP", "trip \(id) ARRIVED_AT_PICKUP",
                    "trip \(id) ENROUTE_TO_INTERMEDIATE_DESTINATION", "trip \(id) ARRIVED_AT_INTERMEDIATE_DESTINATION",
                    "trip \(id) ENROUTE_TO_DROPOFF", "trip \(id) COMPLETE",
                ])
            // Each stop is left the dwell after arriving there, on the driver's clock.
            let at = Dictionary(notes.all.map { ($0.text, $0.seconds) }, uniquingKeysWith: { first, _ in first })
            #expect(at["trip \(id) ENROUTE_TO_INTERMEDIATE_DESTINATION"]! - at["trip \(id) ARRIVED_AT_PICKUP"]! == 20)
            #expect(at["trip \(id) ENROUTE_TO_DROPOFF"]! - at["trip \(id) ARRIVED_AT_INTERMEDIATE_DESTINATION"]! == 20)
            let trip = try await client.getTrip(tripName)
            #expect(trip.tripStatus == .complete)
            #expect(try await client.getVehicle(vehicleName).waypoints.isEmpty)
            let snapshot = await driver.snapshot
            #expect(snapshot.trips[id]?.tripStatus == .complete)
            #expect(Geo.distance(snapshot.fix!.coordinate, Self.dropoff) < 1)
            await reporter.setLocationTrackingEnabled(false)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func theDriverAppsButtonsMoveAndCancelTheCurrentTrip() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            let (vehicleName, tripName, vehicle) = try await Self.setUp(client, id: "keys")
            let reporter = VehicleReporter(client: client, vehicle: vehicleName, clock: VirtualClock.manual())
            let driver = TripDriver(
                reporter: reporter, vehicleClient: client, tripClient: client, vehicleName: vehicleName,
                vehicle: vehicle,
                roadGraph: nil)
            let id = tripName.tripID
            #expect(await driver.advanceTrip() == "trip \(id) ENROUTE_TO_PICKUP")
            #expect(await driver.snapshot.nextStop == "pickup of \(id)")
            #expect(await driver.advanceTrip() == "trip \(id) ARRIVED_AT_PICKUP")
            #expect(await driver.advanceTrip() == "trip \(id) ENROUTE_TO_INTERMEDIATE_DESTINATION")
            #expect(await driver.snapshot.nextStop == "stop of \(id)", "the stops follow the trip")
            #expect(await driver.cancelTrip() == "trip \(id) CANCELED")
            await driver.refresh()
            #expect(await driver.snapshot.currentTripID == nil)
            #expect(await driver.advanceTrip() == "no trip to advance")
            #expect(try await client.getTrip(tripName).tripStatus == .canceled)
        }
    }
}
