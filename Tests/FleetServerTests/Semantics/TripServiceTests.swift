import FleetModel
import Testing

@testable import FleetServer

@Suite struct TripServiceTests {
    let name = try! TripName(parsing: "providers/p/trips/t1")
    let now = ProtoTimestamp(seconds: 1_735_689_600)
    let point = TerminalLocation(point: LatLng(latitude: 1, longitude: 2))

    func input() -> Trip { Trip(tripType: .exclusive, pickupPoint: point, dropoffPoint: point) }

    func created() throws -> Trip { try TripService.create(input(), name: name, now: now) }

    @Test func createKeepsOnlyTheDocumentedFieldsAndStartsNew() throws {
        var body = input()
        body.tripStatus = .canceled
        body.remainingDistanceMeters = 5
        body.name = "providers/x/trips/y"
        body.numberOfPassengers = 2
        body.attributes = [TripAttribute(key: "k", tripAttributeValue: .stringValue("v"))]
        let trip = try TripService.create(body, name: name, now: now)
        #expect(trip.tripStatus == .new)
        #expect(trip.name == "providers/p/trips/t1")
        #expect(trip.remainingDistanceMeters == nil)
        #expect(trip.numberOfPassengers == 2)
        #expect(trip.attributes.isEmpty)
    }

    @Test func createRequiresTypeAndPickupAndNamesTheField() {
        #expect(throws: FleetError.invalidArgument("trip.tripType is required (SHARED or EXCLUSIVE)")) {
            try TripService.create(Trip(pickupPoint: point), name: name, now: now)
        }
        #expect(throws: FleetError.invalidArgument("trip.pickupPoint is required")) {
            try TripService.create(Trip(tripType: .shared), name: name, now: now)
        }
        var shared = input()
        shared.tripType = .shared
        shared.vehicleId = "v1"
        #expect(throws: FleetError.self) { try TripService.create(shared, name: name, now: now) }
    }

    @Test func updateAppliesOnlyTheMask() throws {
        var patch = Trip(tripStatus: .enrouteToPickup)
        patch.vehicleId = "v1"
        let trip = try TripService.update(created(), with: patch, mask: FieldMask(paths: ["vehicleId"]), now: now)
        #expect(trip.vehicleId == "v1")
        #expect(trip.tripStatus == .new)
    }

    @Test func unknownMaskPathsAreRejectedAndOutputOnlyOnesIgnored() throws {
        #expect(throws: FleetError.self) {
            try TripService.update(created(), with: Trip(), mask: FieldMask(paths: ["colour"]), now: now)
        }
        var patch = Trip()
        patch.numberOfPassengers = 9
        let trip = try TripService.update(
            created(), with: patch, mask: FieldMask(paths: ["numberOfPassengers"]), now: now)
        #expect(trip.numberOfPassengers == 0)
    }

    @Test func completeAndCanceledAreFinal() throws {
        var trip = try created()
        trip.vehicleId = "v1"
        trip.tripStatus = .enrouteToDropoff
        let done = try TripService.update(
            trip, with: Trip(tripStatus: .complete), mask: FieldMask(paths: ["tripStatus"]), now: now)
        #expect(done.dropoffTime == now)
        #expect(throws: FleetError.self) {
            try TripService.update(
                done, with: Trip(tripStatus: .enrouteToDropoff), mask: FieldMask(paths: ["tripStatus"]), now: now)
        }
        let canceled = try TripService.update(
            created(), with: Trip(tripStatus: .canceled), mask: FieldMask(paths: ["tripStatus"]), now: now)
        #expect(throws: FleetError.self) {
            try TripService.update(
                canceled, with: Trip(tripStatus: .new), mask: FieldMask(paths: ["tripStatus"]), now: now)
        }
    }

    @Test func statusesPastNewNeedAVehicle() throws {
        #expect(
            throws: FleetError.failedPrecondition(
                "trip providers/p/trips/t1 needs a vehicleId before it can be ENROUTE_TO_PICKUP")
        ) {
            try TripService.update(
                created(), with: Trip(tripStatus: .enrouteToPickup), mask: FieldMask(paths: ["tripStatus"]), now: now)
        }
    }

    @Test func leavingThePickupRecordsThePickupTime() throws {
        var trip = try created()
        trip.vehicleId = "v1"
        trip.tripStatus = .arrivedAtPickup
        let later = ProtoTimestamp(seconds: now.seconds + 60)
        let updated = try TripService.update(
            trip, with: Trip(tripStatus: .enrouteToDropoff), mask: FieldMask(paths: ["tripStatus"]), now: later)
        #expect(updated.pickupTime == later)
    }

    @Test func intermediateDestinationsVersionGuardsAgainstRaces() throws {
        var body = input()
        body.intermediateDestinations = [point]
        let trip = try TripService.create(body, name: name, now: now)
        #expect(trip.intermediateDestinationsVersion == now)
        var stale = Trip()
        stale.intermediateDestinationsVersion = ProtoTimestamp(seconds: 1)
        #expect(throws: FleetError.self) {
            try TripService.update(
                trip, with: stale, mask: FieldMask(paths: ["intermediateDestinationsVersion"]), now: now)
        }
    }

    @Test func deletingAnActiveAssignedTripIsRefused() throws {
        var trip = try created()
        try TripService.checkDeletable(trip)
        trip.vehicleId = "v1"
        #expect(throws: FleetError.self) { try TripService.checkDeletable(trip) }
        trip.tripStatus = .canceled
        try TripService.checkDeletable(trip)
    }

    @Test func fieldMaskParsesCamelAndSnakeCaseAndRequiresAPath() throws {
        #expect(try FieldMask(parsing: "trip_status,vehicleId").paths == ["tripStatus", "vehicleId"])
        #expect(throws: FleetError.self) { try FieldMask(parsing: nil) }
        #expect(throws: FleetError.self) { try FieldMask(parsing: "a,,b") }
        // Whitespace around a path goes, ASCII or not (a no-break space and an em space are whitespace too).
        #expect(try FieldMask(parsing: " trip_status ,\tvehicleId").paths == ["tripStatus", "vehicleId"])
        #expect(try FieldMask(parsing: "\u{A0}tripStatus\u{2003}").paths == ["tripStatus"])
        #expect(throws: FleetError.self) { try FieldMask(parsing: "tripStatus, ") }
    }
}
