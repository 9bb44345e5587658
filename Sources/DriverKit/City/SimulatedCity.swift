import FleetClient
import FleetModel
import Foundation
import RoadMap

/// A living city on a road map (`tripterm demo --vehicles N`): N cars, each a driver's phone with its own token,
/// ``VehicleReporter`` and ``TripDriver`` (``CityCar``), and a dispatcher that asks for trips between random points
/// and gives each to the vehicle SearchVehicles picks (``CityDispatcher``). Everything goes through a Fleet Engine
/// API, so the fleet screen, riders and `tripterm check` see a city as they would see a real fleet.
public struct SimulatedCity: Sendable {
    public struct Options: Sendable {
        public var vehicles: Int
        public var provider: String
        /// Prefix of the vehicle and trip ids (`{prefix}car-3`, `{prefix}trip-12`), so that two runs on one
        /// database do not collide; empty on a fresh one, where short ids read best in the fleet list.
        public var idPrefix: String
        /// How long a car waits at a pickup, on the city's clock.
        public var dwell: Duration
        /// Seed of every random choice (start points, trip ends), so that a run can be repeated.
        public var seed: UInt64

        public init(vehicles: Int, provider: String, idPrefix: String, dwell: Duration = .seconds(20), seed: UInt64) {
            self.vehicles = vehicles
            self.provider = provider
            self.idPrefix = idPrefix
            self.dwell = dwell
            self.seed = seed
        }

        /// One trip asked for every this long, so that about half the cars are busy: a Monaco trip takes about
        /// four minutes with its pickup wait.
        public var dispatchInterval: Duration { .milliseconds(max(2_000, 400_000 / max(1, vehicles))) }
    }

    public let options: Options
    /// The cars, with where each starts and its log.
    public let cars: [(car: CityCar, start: LatLng, log: DriverLog)]
    let dispatcher: CityDispatcher

    /// Creates the vehicles through `provider` (online, each at a random point on the streets) and their drivers,
    /// each with the client `driverClient` makes for it. `now` is the time of day on `clock`, which fixes and
    /// reports carry.
    public static func make(
        options: Options, graph: RoadGraph, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date = { Date() }, provider: FleetEngineClient,
        driverClient: @Sendable (VehicleName) async throws -> FleetEngineClient,
        notes: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> SimulatedCity {
        let places = RoadPlaces(graph)
        var random = SplitMix64(seed: options.seed)
        var cars: [(car: CityCar, start: LatLng, log: DriverLog)] = []
        for i in 1...max(1, options.vehicles) {
            let name = try VehicleName(provider: options.provider, vehicleID: "\(options.idPrefix)car-\(i)")
            let start = places.random(using: &random)
            var vehicle = Vehicle(
                vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
                vehicleType: Vehicle.VehicleType(category: .auto))
            vehicle.lastLocation = VehicleLocation(location: start)
            let created = try await provider.createVehicle(vehicle, name: name)
            let client = try await driverClient(name)
            let reporter = VehicleReporter(
                client: client, vehicle: name, interval: .seconds(5), clock: clock, now: now)
            let log = DriverLog()
            await reporter.addListener(log)
            let driver = TripDriver(
                reporter: reporter, vehicleClient: client, tripClient: provider, vehicleName: name, vehicle: created,
                options: TripDriver.Options(autoAdvance: true, dwell: options.dwell), roadGraph: { _ in graph },
                clock: clock, notes: { log.append($0) })
            cars.append(
                (CityCar(driver: driver, graph: graph, clock: clock, now: now, notes: { log.append($0) }), start, log))
        }
        let dispatcher = CityDispatcher(
            client: provider, provider: options.provider,
            matcher: SearchVehiclesMatcher(client: provider, provider: options.provider), places: places,
            clock: clock, interval: options.dispatchInterval, notes: notes)
        return SimulatedCity(options: options, cars: cars, dispatcher: dispatcher)
    }

    /// Drives every car and dispatches trips until cancelled.
    public func run() async {
        await withDiscardingTaskGroup { group in
            for (car, start, _) in cars {
                group.addTask { try? await car.run(from: start) }
            }
            group.addTask {
                try? await dispatcher.run(prefix: "\(options.idPrefix)trip", seed: options.seed &+ 1)
            }
        }
    }
}
