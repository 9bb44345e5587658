import FleetModel
import Foundation
import RoadMap

/// One car of a simulated city: it waits where it is until the dispatcher assigns it a trip, then drives the trip's
/// stops along the roads through its ``TripDriver`` (which starts the trip, moves it on at each stop and completes
/// it), then waits again where it dropped off. Its ``VehicleReporter`` reports all along, as a driver's phone does.
public struct CityCar: Sendable {
    public let driver: TripDriver
    let graph: RoadGraph
    let clock: any Clock<Duration>
    /// The time of day on `clock`, which the car's fixes carry.
    let now: @Sendable () -> Date
    /// How often a waiting car looks for a new trip (the Driver SDK learns of one from its own polling too).
    let idlePoll: Duration
    let notes: @Sendable (String) -> Void

    public init(
        driver: TripDriver, graph: RoadGraph, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date = { Date() }, idlePoll: Duration = .seconds(5),
        notes: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.driver = driver
        self.graph = graph
        self.clock = clock
        self.now = now
        self.idlePoll = idlePoll
        self.notes = notes
    }

    /// Puts the car on the road at `start`, online, and drives trip after trip until cancelled. A drive that fails
    /// is noted, and the car waits for its next trip.
    public func run(from start: LatLng) async throws {
        let reporter = driver.reporter
        await reporter.updateVehicleState(.online)
        await reporter.updateLocation(LocationFix(coordinate: start, sensor: .gps, time: now()))
        await reporter.setLocationTrackingEnabled(true)
        while !Task.isCancelled {
            await driver.refresh()
            let vehicle = await driver.snapshot.vehicle
            guard !vehicle.waypoints.isEmpty, let route = try? SimulatedRoute(vehicle: vehicle, graph: graph)
            else {
                try await clock.sleep(for: idlePoll)
                // A parked phone's GPS still gives fixes, each of its time; the same old fix sent again would
                // read, in the server's logs, as a device clock falling behind.
                if let parked = await reporter.location {
                    await reporter.updateLocation(
                        LocationFix(
                            coordinate: parked.coordinate, heading: parked.heading, speed: 0, sensor: .gps,
                            time: now()))
                }
                continue
            }
            do {
                try await driver.drive(
                    SimulatedDrive(
                        path: route.path, speed: .road(graph), fixInterval: .seconds(1), stops: route.stops,
                        dwellAtStops: driver.options.dwell, clock: clock, startTime: now))
            } catch  where !Task.isCancelled {
                notes("the drive failed: \(error)")
                try await clock.sleep(for: idlePoll)
            }
            await reporter.updateRouteProgress(nil)
        }
    }
}
