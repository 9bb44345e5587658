import FleetModel
import TestSupport
import Testing
import TripFollowing

/// A delivery vehicle's stops rebuilt from its OPEN tasks: ordered by the legs journey sharing counts up to each
/// task's stop, tasks sharing a count sharing a stop; tasks without journey sharing after them, a stop per place.
@Suite struct FleetStopTests {
    static func ids(_ stops: [FleetStop]) -> [[String]] {
        stops.map { $0.tasks.map { ResourceID.last(in: $0.name) } }
    }

    @Test func tasksAreGroupedIntoStopsInTheOrderTheVehicleReachesThem() {
        let stops = FleetStop.stops(serving: [
            DeliveryFixtures.task("c", latitude: 43.70, stop: 3),
            DeliveryFixtures.task("a", latitude: 43.71, stop: 2),
            DeliveryFixtures.task("z", latitude: 43.72, stop: 1),
            DeliveryFixtures.task("b", latitude: 43.71, stop: 2),
            DeliveryFixtures.task("y", latitude: 43.75),
            DeliveryFixtures.task("x", latitude: 43.74),
            DeliveryFixtures.task("w", latitude: 43.75),
        ])
        #expect(Self.ids(stops) == [["z"], ["a", "b"], ["c"], ["w", "y"], ["x"]])
        #expect(stops.map { $0.point?.latitude } == [43.72, 43.71, 43.70, 43.75, 43.74])
        #expect(stops.allSatisfy { $0.eta == nil })
        #expect(FleetStop.stops(serving: []).isEmpty)
    }

    @Test func anOnDemandVehiclesStopsAreItsWaypoints() {
        var vehicle = Vehicle(name: "providers/p/vehicles/car")
        vehicle.waypoints = [
            TripWaypoint(
                location: TerminalLocation(point: LatLng(latitude: 43.73, longitude: 7.42)),
                tripId: "providers/p/trips/t1", waypointType: .pickupWaypointType),
            TripWaypoint(tripId: "t2", waypointType: .dropOffWaypointType),
        ]
        let stops = FleetVehicle(vehicle: vehicle, isStale: false).stops
        #expect(
            stops.map(\.purpose) == [
                .waypoint(tripID: "t1", .pickupWaypointType), .waypoint(tripID: "t2", .dropOffWaypointType),
            ])
        #expect(stops.first?.point?.latitude == 43.73 && stops.allSatisfy { $0.tasks.isEmpty })
    }
}
