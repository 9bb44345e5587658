import FleetModel
import Testing

@testable import FleetServer

@Suite struct VehicleServiceTests {
    let name = try! VehicleName(parsing: "providers/p/vehicles/v1")
    let now = ProtoTimestamp(seconds: 1_735_689_600)

    func valid() -> Vehicle {
        Vehicle(
            vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
            vehicleType: Vehicle.VehicleType(category: .auto))
    }

    @Test func createRequiresStateTripTypesCapacityAndType() throws {
        var v = valid()
        v.vehicleState = .unknownVehicleState
        #expect(throws: FleetError.self) { try VehicleService.create(v, name: name, now: now) }
        v = valid()
        v.supportedTripTypes = []
        #expect(throws: FleetError.self) { try VehicleService.create(v, name: name, now: now) }
        v = valid()
        v.maximumCapacity = 0
        #expect(throws: FleetError.invalidArgument("vehicle.maximumCapacity is required and must be at least 1")) {
            try VehicleService.create(v, name: name, now: now)
        }
        v = valid()
        v.vehicleType = nil
        #expect(throws: FleetError.self) { try VehicleService.create(v, name: name, now: now) }
    }

    @Test func createIgnoresOutputOnlyFields() throws {
        var v = valid()
        v.currentTrips = ["x"]
        v.currentRouteSegment = "AQA="
        v.waypointsVersion = now
        let created = try VehicleService.create(v, name: name, now: now)
        #expect(created.currentTrips.isEmpty && created.currentRouteSegment.isEmpty && created.waypointsVersion == nil)
        #expect(created.name == "providers/p/vehicles/v1")
    }

    @Test func locationReportsAreStampedAndTheSegmentVersionMovesOnlyOnChange() throws {
        let current = try VehicleService.create(valid(), name: name, now: now)
        var patch = Vehicle()
        patch.lastLocation = VehicleLocation(location: LatLng(latitude: 1, longitude: 2), heading: 0)
        patch.currentRouteSegment = S2Polyline.encode([
            LatLng(latitude: 1, longitude: 2), LatLng(latitude: 1.01, longitude: 2),
        ])
        patch.remainingTimeSeconds = 120
        let mask = FieldMask(paths: ["lastLocation", "currentRouteSegment", "remainingTimeSeconds"])
        let first = try VehicleService.update(current, with: patch, mask: mask, now: now)
        #expect(first.lastLocation?.serverTime == now)
        #expect(first.lastLocation?.heading == 0)
        #expect(first.currentRouteSegmentVersion == now)
        #expect(first.etaToFirstWaypoint == now + .seconds(120))
        #expect(first.remainingTimeSeconds == nil)
        let later = ProtoTimestamp(seconds: now.seconds + 5)
        let second = try VehicleService.update(first, with: patch, mask: mask, now: later)
        #expect(second.currentRouteSegmentVersion == now)
        #expect(second.lastLocation?.serverTime == later)
    }

    @Test func badReportsAreRejected() throws {
        let current = try VehicleService.create(valid(), name: name, now: now)
        var patch = Vehicle()
        patch.currentRouteSegment = "not-s2"
        #expect(throws: FleetError.self) {
            try VehicleService.update(current, with: patch, mask: FieldMask(paths: ["currentRouteSegment"]), now: now)
        }
        patch = Vehicle()
        patch.lastLocation = VehicleLocation(
            location: LatLng(latitude: 1, longitude: 2), locationSensor: .fleetEngineLocation)
        #expect(throws: FleetError.self) {
            try VehicleService.update(current, with: patch, mask: FieldMask(paths: ["lastLocation"]), now: now)
        }
        #expect(throws: FleetError.self) {
            try VehicleService.update(current, with: patch, mask: FieldMask(paths: ["lastLocation.location"]), now: now)
        }
    }

    @Test func explicitWaypointOrderMustHoldExactlyTheCurrentStops() throws {
        let a = TripWaypoint(
            location: TerminalLocation(point: LatLng(latitude: 1, longitude: 1)), tripId: "a",
            waypointType: .pickupWaypointType)
        let b = TripWaypoint(
            location: TerminalLocation(point: LatLng(latitude: 2, longitude: 2)), tripId: "b",
            waypointType: .pickupWaypointType)
        try VehicleService.validateWaypointOrder([b, a], against: [a, b])
        #expect(throws: FleetError.self) { try VehicleService.validateWaypointOrder([a], against: [a, b]) }
        #expect(throws: FleetError.self) { try VehicleService.validateWaypointOrder([a, a], against: [a, b]) }
    }
}
