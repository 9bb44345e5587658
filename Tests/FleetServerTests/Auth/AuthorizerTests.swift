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

@Suite struct AuthenticatorTests {
    let now = Date(timeIntervalSince1970: 1_735_689_600)

    func claims(iat: TimeInterval, exp: TimeInterval) -> FleetClaims {
        FleetClaims(
            issuer: "i", issuedAt: now.addingTimeInterval(iat), expiresAt: now.addingTimeInterval(exp),
            authorization: .server)
    }

    @Test func timesFollowFleetEnginesRules() throws {
        try Authenticator.check(claims(iat: 0, exp: 3600), now: now)
        try Authenticator.check(claims(iat: 300, exp: 3600), now: now)  // a clock 5 min ahead
        #expect(throws: FleetError.self) { try Authenticator.check(claims(iat: 900, exp: 3600), now: now) }
        #expect(throws: FleetError.self) { try Authenticator.check(claims(iat: -3600, exp: -1), now: now) }
        #expect(throws: FleetError.self) { try Authenticator.check(claims(iat: 0, exp: 7200), now: now) }
        var wrong = claims(iat: 0, exp: 60)
        wrong.aud.value = ["https://fleetengine.googleapis.com"]
        #expect(throws: FleetError.self) { try Authenticator.check(wrong, now: now) }
    }

    @Test func keyAndMinterRoundTripThroughTheAuthenticator() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-key-\(UUID().uuidString)")
        let key = try ServerKey.loadOrCreate(in: directory)
        #expect(try ServerKey.loadOrCreate(in: directory).kid == key.kid)
        let token = try await TokenMinter(key: key).mint(AuthorizationClaims(tripid: "t1"))
        let authenticator = Authenticator(keys: try await key.keyCollection())
        let principal = try await authenticator.authenticate(authorizationHeader: "Bearer \(token)", now: Date())
        #expect(principal == Principal(tripID: "t1"))
        await #expect(throws: FleetError.self) {
            try await authenticator.authenticate(
                authorizationHeader: "Bearer \(token)", now: Date().addingTimeInterval(7200))
        }
    }
}
