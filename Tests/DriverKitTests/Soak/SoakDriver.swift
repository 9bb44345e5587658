import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap
import TripFollowing

/// The driver's and provider's side of the soak's trip, played directly on the server (not through the fault
/// proxy): DriverKit's ``TripDriver`` — the one `tripterm driver` and the demo use — is fed a fix a metre further
/// along its guidance each time, every report is sent at once and must succeed, and the test moves the trip on.
struct SoakDriver {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    let driver: TripDriver
    let listener: RecordingListener

    /// Creates an ONLINE vehicle and a trip assigned to it, from the Casino to the Palace, starts reporting and
    /// starts the trip.
    static func start(
        client: FleetEngineClient, vehicle name: VehicleName, trip tripName: TripName
    ) async throws -> SoakDriver {
        let palace = LatLng(latitude: 43.7315, longitude: 7.4200)
        try await client.makeVehicle(name, state: .online)
        let casino = LatLng(latitude: 43.7395, longitude: 7.4280)
        var trip = Trip(
            tripType: .exclusive, pickupPoint: TerminalLocation(point: casino),
            dropoffPoint: TerminalLocation(point: palace))
        trip.vehicleId = name.vehicleID
        trip.numberOfPassengers = 1
        _ = try await client.createTrip(trip, name: tripName)
        let vehicle = try await client.getVehicle(name)
        let reporter = VehicleReporter(client: client, vehicle: name, clock: VirtualClock.manual())
        let listener = RecordingListener()
        await reporter.addListener(listener)
        let driver = TripDriver(
            reporter: reporter, vehicleClient: client, tripClient: client, vehicleName: name, vehicle: vehicle,
            roadGraph: { _ in Fixtures.monaco })
        let soak = SoakDriver(driver: driver, listener: listener)
        await driver.handle(LocationFix(coordinate: palace, sensor: .gps, time: Date()))
        await reporter.setLocationTrackingEnabled(true)  // sends at once
        try await soak.expectSuccess()
        try await soak.advance()
        return soak
    }

    /// Moves the vehicle `meters` further along the route to its next stop and reports it.
    func drive(_ meters: Double) async throws {
        let snapshot = await driver.snapshot
        guard let here = snapshot.fix?.coordinate else { return }
        let path = snapshot.progress?.remainingPath ?? []
        let next = path.point(atDistance: meters) ?? path.last ?? here
        try await report(LocationFix(coordinate: next, heading: 90, speed: 8, sensor: .gps, time: Date()))
    }

    /// Moves the trip to its next status; the guidance turns to the vehicle's new first stop at the next fix.
    func advance() async throws {
        let line = await driver.advanceTrip()
        guard line.hasPrefix("trip ") && !line.contains(":") else { throw Failed(description: line) }
    }

    func stop() async {
        await driver.reporter.setLocationTrackingEnabled(false)
    }

    private func report(_ fix: LocationFix) async throws {
        await driver.handle(fix)
        await driver.reporter.reportNow()
        try await expectSuccess()
    }

    private func expectSuccess() async throws {
        if case .failure(_, let error) = await listener.next() {
            throw Failed(description: "the driver's report failed: \(error)")
        }
    }
}
