import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap
import TripFollowing

/// The demo's trip in Monaco, played by the two other parties of journey sharing: the provider's back end
/// (creates the vehicle and the trip, moves the trip's status at each stop) and the driver's phone (a
/// `TripDriver` reporting a `SimulatedDrive` along road-map routes).
struct DemoScenario: Sendable {
    static let provider = "demo"
    /// Place du Casino, where the car waits.
    static let start = LatLng(latitude: 43.73938, longitude: 7.42770)
    /// Port Hercule, on the Quai Albert 1er.
    static let pickup = LatLng(latitude: 43.73516, longitude: 7.42283)
    /// The Oceanographic Museum, on the Rock: a stop on the way.
    static let stop = LatLng(latitude: 43.73085, longitude: 7.42516)
    /// Fontvieille, by the stadium.
    static let dropoff = LatLng(latitude: 43.72768, longitude: 7.41541)

    /// The shortest stop in real time: a few of the rider's one-second polls.
    static let shortestDwell: Duration = .milliseconds(2_500)

    let tripName: TripName
    let vehicleName: VehicleName
    let graph: RoadGraph
    /// Time compression: driving and waiting take 1/speed of real time.
    let speed: Double
    /// Demo time, `speed` times faster than the wall clock: the car's drive and its reporter run on it, and so does
    /// the embedded server.
    let clock: VirtualClock

    init(graph: RoadGraph, clock: VirtualClock, speed: Double, id: String) throws {
        tripName = try TripName(parsing: "providers/\(Self.provider)/trips/trip-\(id)")
        vehicleName = try VehicleName(parsing: "providers/\(Self.provider)/vehicles/car-\(id)")
        self.graph = graph
        self.speed = speed
        self.clock = clock
    }

    /// Creates the vehicle (online, at the start) and the trip assigned to it, as a provider's back end would.
    func setUp(client: FleetEngineClient) async throws {
        var vehicle = Vehicle(
            vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
            vehicleType: Vehicle.VehicleType(category: .auto))
        vehicle.lastLocation = VehicleLocation(location: Self.start)
        _ = try await client.createVehicle(vehicle, name: vehicleName)
        var trip = Trip(
            tripType: .exclusive, pickupPoint: TerminalLocation(point: Self.pickup),
            dropoffPoint: TerminalLocation(point: Self.dropoff))
        trip.intermediateDestinations = [TerminalLocation(point: Self.stop)]
        trip.numberOfPassengers = 1
        trip.vehicleId = vehicleName.vehicleID
        _ = try await client.createTrip(trip, name: tripName)
    }

    /// The Driver SDK–style reporter of the demo's car: every 5 s of demo time (so every 5/speed s of real time).
    func makeReporter(driver: FleetEngineClient) -> VehicleReporter {
        VehicleReporter(
            client: driver, vehicle: vehicleName, interval: .seconds(5), clock: clock, now: { clock.timestamp.date })
    }

    /// The demo's car: DriverKit's ``TripDriver`` moving the trip on at each stop itself — through the provider's
    /// client, since trip status is the provider's to change — and waiting at each stop 20 s of demo time, but long
    /// enough in real time for a rider polling every second to see it.
    func makeDriver(
        reporter: VehicleReporter, driver: FleetEngineClient, provider: FleetEngineClient, log: DriverLog
    ) async throws -> TripDriver {
        let vehicle = try await driver.getVehicle(vehicleName)
        let dwell = Duration.seconds(max(20, Self.shortestDwell.inSeconds * speed))
        let graph = self.graph
        return TripDriver(
            reporter: reporter, vehicleClient: driver, tripClient: provider, vehicleName: vehicleName, vehicle: vehicle,
            options: TripDriver.Options(autoAdvance: true, dwell: dwell), roadGraph: { _ in graph }, clock: clock,
            notes: { log.append($0) })
    }

    /// Drives the trip to its end: to the pickup, the stop and the dropoff, waiting at each, the reporter on.
    func play(driver: TripDriver) async throws {
        let reporter = driver.reporter
        await reporter.updateVehicleState(.online)
        await reporter.updateLocation(LocationFix(coordinate: Self.start, sensor: .gps, time: clock.timestamp.date))
        await reporter.setLocationTrackingEnabled(true)
        await driver.refresh()
        let route = try SimulatedRoute(vehicle: await driver.snapshot.vehicle, graph: graph)
        let dwell = driver.options.dwell
        let drive = SimulatedDrive(
            path: route.path, speed: .road(graph), fixInterval: .seconds(1), stops: route.stops, dwellAtStops: dwell,
            clock: clock, startTime: { clock.timestamp.date })
        try await driver.drive(drive)
        await reporter.updateRouteProgress(nil)
        await reporter.setLocationTrackingEnabled(false)
    }
}
