import FleetClient
import FleetModel
import TestSupport
import Testing
import TripFollowing

/// The fleet tracker over HTTP against the real local server: ListVehicles page by page with a server token.
@Suite struct FleetEngineFleetBackendTests {
    @Test func theTrackerReadsEveryPageOfTheLocalServer() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            for id in ["v1", "v2", "v3"] {
                let name = try VehicleName(parsing: "providers/p/vehicles/\(id)")
                var vehicle = Vehicle(
                    vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
                    vehicleType: Vehicle.VehicleType(category: .auto))
                vehicle.lastLocation = VehicleLocation(location: LatLng(latitude: 43.73, longitude: 7.42))
                _ = try await client.createVehicle(vehicle, name: name)
            }
            let backend = FleetEngineFleetBackend(
                client: client, provider: "p", query: ListVehiclesRequest(pageSize: 2, vehicleTypeCategories: [.auto]))
            let tracker = FleetTracker(backend: backend)
            await tracker.refresh()
            let fleet = await tracker.fleet
            #expect(fleet.keys.sorted() == ["v1", "v2", "v3"].map { "providers/p/vehicles/\($0)" })
            #expect(fleet.values.allSatisfy { !$0.isStale }, "just reported: the server stamped them now")
            #expect(await tracker.lastError == nil)
        }
    }
}
