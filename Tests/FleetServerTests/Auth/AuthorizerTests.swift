import Foundation
import Testing

@testable import FleetServer

@Suite struct AuthorizerTests {
    let consumer = Principal(tripID: "t1")
    let driver = Principal(vehicleID: "v1")
    let server = Principal(tripID: "*", vehicleID: "*")

    func allowed(_ p: Principal, _ action: FleetAction) -> Bool {
        (try? Authorizer.authorize(p, action)) != nil
    }

    @Test func consumerReadsItsTripOnly() {
        #expect(allowed(consumer, .getTrip(tripID: "t1", assignedVehicle: "v1")))
        #expect(!allowed(consumer, .getTrip(tripID: "t2", assignedVehicle: "")))
        #expect(!allowed(consumer, .updateTrip(tripID: "t1", assignedVehicle: "v1", newVehicle: nil)))
        #expect(!allowed(consumer, .createTrip))
        #expect(!allowed(consumer, .getVehicle(vehicleID: "v1")))
        #expect(!allowed(consumer, .searchTrips(vehicleID: "v1")))
        #expect(allowed(Principal(tripID: "*"), .getTrip(tripID: "any", assignedVehicle: "")))
    }

    @Test func driverServesItsVehicleAndItsTrips() {
        #expect(allowed(driver, .getVehicle(vehicleID: "v1")))
        #expect(allowed(driver, .updateVehicle(vehicleID: "v1")))
        #expect(!allowed(driver, .getVehicle(vehicleID: "v2")))
        #expect(allowed(driver, .getTrip(tripID: "t9", assignedVehicle: "v1")))
        #expect(!allowed(driver, .getTrip(tripID: "t9", assignedVehicle: "v2")))
        #expect(!allowed(driver, .getTrip(tripID: "t9", assignedVehicle: "")))
        #expect(allowed(driver, .updateTrip(tripID: "t9", assignedVehicle: "v1", newVehicle: nil)))
        #expect(allowed(driver, .updateTrip(tripID: "t9", assignedVehicle: "v1", newVehicle: "v1")))
        #expect(!allowed(driver, .updateTrip(tripID: "t9", assignedVehicle: "v1", newVehicle: "v2")))
        #expect(!allowed(driver, .updateTrip(tripID: "t9", assignedVehicle: "v2", newVehicle: "v1")))
        #expect(allowed(driver, .searchTrips(vehicleID: "v1")))
        #expect(!allowed(driver, .searchTrips(vehicleID: "")))
        for action: FleetAction in [.createTrip, .deleteTrip, .createVehicle, .deleteVehicle, .listVehicles] {
            #expect(!allowed(driver, action))
        }
    }

    @Test func serverDoesEverythingAndDenialsNameTheClaims() throws {
        for action: FleetAction in [
            .createTrip, .deleteTrip, .createVehicle, .deleteVehicle, .listVehicles, .searchTrips(vehicleID: ""),
        ] {
            #expect(allowed(server, action))
        }
        #expect(!allowed(Principal(), .getTrip(tripID: "t1", assignedVehicle: "")))
        #expect(throws: FleetError.permissionDenied("The token (tripid=t1) does not allow GetTrip on trip \"t2\".")) {
            try Authorizer.authorize(consumer, .getTrip(tripID: "t2", assignedVehicle: ""))
        }
    }
}
