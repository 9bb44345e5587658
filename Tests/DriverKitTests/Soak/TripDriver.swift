import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap
import TripFollowing

/// The driver's and provider's side of a trip, played directly on the server (not through a fault proxy): a
/// `VehicleReporter` moves the vehicle along its navigated route, and UpdateTrip steps the trip's status.
actor TripDriver {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    let client: FleetEngineClient
    let vehicleName: VehicleName
    let tripName: TripName
    private let reporter: VehicleReporter
    private let listener = RecordingListener()
    private var navigator = Navigator(graph: Fixtures.monaco)
    private var travelled = 0.0
    private var position = LatLng(latitude: 43.7315, longitude: 7.4200)  // the Palace
    /// Reports made so far.
    private(set) var reports = 0

    init(client: FleetEngineClient, vehicle: VehicleName, trip: TripName) {
        self.client = client
        self.vehicleName = vehicle
        self.tripName = trip
        self.reporter = VehicleReporter(client: client, vehicle: vehicle, clock: ManualClock())
    }

    /// Creates an ONLINE vehicle and a trip assigned to it, from the Casino to the Palace, and starts reporting.
    func start() async throws {
        try await client.makeVehicle(vehicleName, state: .online)
        let casino = LatLng(latitude: 43.7395, longitude: 7.4280)
        var trip = Trip(tripType: .exclusive, pickupPoint: TerminalLocation(point: casino), dropoffPoint: TerminalLocation(point: position))
        trip.vehicleId = String(vehicleName.description.split(separator: "/").last!)
        trip.numberOfPassengers = 1
        _ = try await client.createTrip(trip, name: tripName)
        await reporter.addListener(listener)
        await reporter.updateLocation(LocationFix(coordinate: position, sensor: .gps, time: Date()))
        await reporter.setLocationTrackingEnabled(true)
        try await expectSuccess()
        try await step()
    }

    /// Moves the vehicle `meters` further along the route to its next stop and reports it.
    func drive(_ meters: Double) async throws {
        guard let route = navigator.route else { return }
        travelled = min(travelled + meters, route.lengthMeters)
        guard let next = route.points.point(atDistance: travelled) else { return }
        position = next
        await reporter.updateLocation(LocationFix(coordinate: position, heading: 90, speed: 8, sensor: .gps, time: Date()))
        await reporter.updateRouteProgress(navigator.update(position: position))
        await reporter.reportNow()
        try await expectSuccess()
    }

    /// Moves the trip to its next status and navigates to the vehicle's new first stop.
    func step() async throws {
        let trip = try await client.getTrip(tripName)
        guard let step = TripStep.next(after: trip) else { return }
        let (patch, mask) = step.update
        _ = try await client.updateTrip(patch, name: tripName, updateMask: mask)
        navigator.setDestination(try await client.getVehicle(vehicleName).waypoints.first)
        _ = navigator.update(position: position)
        travelled = 0
    }

    func stop() async {
        await reporter.setLocationTrackingEnabled(false)
    }

    private func expectSuccess() async throws {
        reports += 1
        if case .failure(_, let error) = await listener.next() { throw Failed(description: "the driver's report failed: \(error)") }
    }
}
