import DriverKit
import FleetModel
import Testing

/// The demo dispatcher's local rule: the nearest vehicle that is online, free and fresh.
@Suite struct NearestFreeVehicleMatcherTests {
    static let now = ProtoTimestamp(seconds: 1_767_225_600)
    static let pickup = LatLng(latitude: 43.7384, longitude: 7.4246)

    static func vehicle(
        _ id: String, metersNorth: Double, state: VehicleState = .online, trips: [String] = [], age: Int64 = 5
    ) -> Vehicle {
        var vehicle = Vehicle(name: "providers/demo/vehicles/\(id)", vehicleState: state)
        vehicle.currentTrips = trips
        vehicle.lastLocation = VehicleLocation(
            location: LatLng(latitude: pickup.latitude + metersNorth / 111_195, longitude: pickup.longitude),
            updateTime: now + .seconds(-age))
        return vehicle
    }

    @Test func theNearestFreshFreeOnlineVehicleIsChosen() async throws {
        let fleet = [
            Self.vehicle("busy", metersNorth: 10, trips: ["t1"]),
            Self.vehicle("offline", metersNorth: 20, state: .offline),
            Self.vehicle("stale", metersNorth: 30, age: 301),
            Self.vehicle("far", metersNorth: 900),
            Self.vehicle("near", metersNorth: 400),
        ]
        let matcher = NearestFreeVehicleMatcher(now: { Self.now }, listVehicles: { fleet })
        #expect(try await matcher.vehicle(forPickupAt: Self.pickup)?.name == "providers/demo/vehicles/near")
    }

    @Test func tiesGoToTheLowerNameAndNoneFreeIsNil() {
        let tie = [Self.vehicle("b", metersNorth: 100), Self.vehicle("a", metersNorth: -100)]
        #expect(
            NearestFreeVehicleMatcher.nearestFree(
                to: Self.pickup, among: tie, at: Self.now, maximumStaleness: .seconds(300))?.name
                == "providers/demo/vehicles/a")
        let busy = [Self.vehicle("x", metersNorth: 5, trips: ["t"])]
        #expect(
            NearestFreeVehicleMatcher.nearestFree(
                to: Self.pickup, among: busy, at: Self.now, maximumStaleness: .seconds(300))
                == nil)
    }
}
