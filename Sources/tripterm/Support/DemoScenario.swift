import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap
import TripFollowing

/// The demo's trip in Monaco, played by the two other parties of journey sharing: the provider's back end
/// (creates the vehicle and the trip, moves the trip's status at each stop) and the driver's phone (a
/// `VehicleReporter` fed by a `SimulatedDrive` along road-map routes, guided by a `Navigator`).
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

    init(graph: RoadGraph, speed: Double, id: String) throws {
        tripName = try TripName(parsing: "providers/\(Self.provider)/trips/trip-\(id)")
        vehicleName = try VehicleName(parsing: "providers/\(Self.provider)/vehicles/car-\(id)")
        self.graph = graph
        self.speed = speed
    }

    /// Creates the vehicle (online, at the start) and the trip assigned to it, as a provider's back end would.
    func setUp(client: FleetEngineClient) async throws {
        var vehicle = Vehicle(vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4, vehicleType: VehicleType(category: .auto))
        vehicle.lastLocation = VehicleLocation(location: Self.start)
        _ = try await client.createVehicle(vehicle, name: vehicleName)
        var trip = Trip(tripType: .exclusive, pickupPoint: TerminalLocation(point: Self.pickup), dropoffPoint: TerminalLocation(point: Self.dropoff))
        trip.intermediateDestinations = [TerminalLocation(point: Self.stop)]
        trip.numberOfPassengers = 1
        trip.vehicleId = vehicleName.vehicleID
        _ = try await client.createTrip(trip, name: tripName)
    }

    /// Drives the trip to its end: to the pickup, the stop and the dropoff, with a pause at each, updating the
    /// trip's status as the provider's back end does and reporting the vehicle as the Driver SDK does.
    /// The Driver SDK–style reporter of the demo's car: every 5 s of demo time (so every 5/speed s of real time).
    func makeReporter(driver: FleetEngineClient) -> VehicleReporter {
        let clock = ReplayClock(start: ProtoTimestamp(Date()), speed: .factor(speed))
        return VehicleReporter(client: driver, vehicle: vehicleName, interval: .seconds(5), clock: clock)
    }

    func play(provider: FleetEngineClient, reporter: VehicleReporter, view: DemoDriverView) async throws {
        await view.trip(pickup: Self.pickup, dropoff: Self.dropoff, intermediate: [Self.stop])
        await reporter.updateVehicleState(.online)
        await reporter.updateLocation(LocationFix(coordinate: Self.start, sensor: .gps, time: Date()))
        await reporter.setLocationTrackingEnabled(true)
        var navigator = Navigator(graph: graph)
        var position = Self.start
        let legs: [(point: LatLng, type: WaypointType, enroute: TripStatus, arrived: TripStatus)] = [
            (Self.pickup, .pickupWaypointType, .enrouteToPickup, .arrivedAtPickup),
            (Self.stop, .intermediateDestinationWaypointType, .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination),
            (Self.dropoff, .dropOffWaypointType, .enrouteToDropoff, .complete),
        ]
        for leg in legs {
            try await setStatus(leg.enroute, provider: provider, view: view)
            navigator.setDestination(TripWaypoint(location: TerminalLocation(point: leg.point), tripId: tripName.tripID, waypointType: leg.type))
            let path = graph.route(from: position, to: leg.point)?.points ?? [position, leg.point]
            let drive = SimulatedDrive(path: path, speed: .road(graph), fixInterval: .seconds(1), pace: Pace(speedUp: speed))
            for try await fix in drive.fixes() {
                position = fix.coordinate
                await reporter.updateLocation(fix)
                let progress = navigator.update(position: position)
                await reporter.updateRouteProgress(progress)
                await view.moved(fix, progress: progress)
                if progress.navigationStatus == .arrivedAtDestination { break }
            }
            await reporter.reportNow()
            try await setStatus(leg.arrived, provider: provider, view: view)
            // A dwell of 20 s of demo time, but long enough in real time for a rider polling every second to see it.
            if leg.arrived != .complete { try await Task.sleep(for: max(.seconds(20 / speed), Self.shortestDwell)) }
        }
        navigator.setDestination(nil)
        await reporter.updateRouteProgress(nil)
        await reporter.setLocationTrackingEnabled(false)
    }

    private func setStatus(_ status: TripStatus, provider: FleetEngineClient, view: DemoDriverView) async throws {
        await view.tripStatus(status)
        // The demo's one stop is intermediate destination 0, named with both of its statuses.
        let atStop = status == .enrouteToIntermediateDestination || status == .arrivedAtIntermediateDestination
        let update = TripStep(status: status, intermediateDestinationIndex: atStop ? 0 : nil).update
        _ = try await provider.updateTrip(update.trip, name: tripName, updateMask: update.updateMask)
    }
}
