import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// An answered write is committed before the answer: it is in the database file when the server is gone.
@Suite struct DurabilityTests {
    @Test func acknowledgedWritesAreOnDiskAfterTheServerStops() async throws {
        let server = try await TestServer.start()
        try await server.createVehicle("v1")
        try await server.createTrip("t1", vehicle: "v1")
        let token = try await server.serverToken()
        let update = try await server.request(
            .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: token,
            body: #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#)
        #expect(update.status == 200)
        await server.stop()

        let store = try FleetStore(path: server.databasePath)
        let trip = try await store.read { tx in try tx.trip(TripName(parsing: "providers/p/trips/t1")) }
        #expect(trip?.tripStatus == .enrouteToPickup)
        #expect(trip?.vehicleId == "v1")
        let vehicle = try await store.read { tx in try tx.vehicle(VehicleName(parsing: "providers/p/vehicles/v1")) }
        #expect(vehicle?.currentTrips == ["t1"])

        // A new server on the same data directory serves the same trip with the same key.
        let again = try await TestServer.start(directory: server.directory)
        let got = try await again.request(.GET, "/v1/providers/p/trips/t1", token: token)
        #expect(try got.trip().tripStatus == .enrouteToPickup)
        await again.stop()
        let mode = try await store.read { tx in try tx.journalMode() }
        #expect(mode == "wal")
        let attributes = try FileManager.default.attributesOfItem(
            atPath: server.directory.appendingPathComponent(ServerKey.fileName).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
