import FleetModel
import FleetServer
import Foundation
import JWTKit
import TestSupport
import Testing

/// Every token case of Fleet Engine's JWT rules and roles, over HTTP.
@Suite struct AuthTests {
    /// Signs `claims` with the server's own key, bypassing `TokenMinter`'s defaults.
    func sign(_ server: TestServer, _ claims: FleetClaims) async throws -> String {
        try await server.minter.key.keyCollection().sign(claims, kid: JWKIdentifier(string: server.minter.key.kid))
    }

    func claims(
        issuedAt: Date = Date(), lifetime: TimeInterval = 3600, _ authorization: AuthorizationClaims = .server
    ) -> FleetClaims {
        FleetClaims(
            issuer: "test@example.com", issuedAt: issuedAt, expiresAt: issuedAt.addingTimeInterval(lifetime),
            authorization: authorization)
    }

    @Test func missingMalformedExpiredForgedAndUnsignedTokensAreUnauthenticated() async throws {
        try await withTestServer { server in
            try await server.createTrip("t1")
            let path = "/v1/providers/p/trips/t1"
            try await server.request(.GET, path, token: nil).expectError(401, "UNAUTHENTICATED")
            try await server.request(.GET, path, token: nil, headers: [("Authorization", "Basic dXNlcjpwYXNz")])
                .expectError(401, "UNAUTHENTICATED")
            try await server.request(.GET, path, token: "not-a-jwt").expectError(401, "UNAUTHENTICATED")

            let expired = try await sign(server, claims(issuedAt: Date().addingTimeInterval(-7200)))
            try await server.request(.GET, path, token: expired).expectError(401, "UNAUTHENTICATED")
            let future = try await sign(server, claims(issuedAt: Date().addingTimeInterval(1200)))
            try await server.request(.GET, path, token: future).expectError(401, "UNAUTHENTICATED")
            let tooLong = try await sign(server, claims(lifetime: 3 * 3600))
            try await server.request(.GET, path, token: tooLong).expectError(401, "UNAUTHENTICATED")

            var wrongAudience = claims()
            wrongAudience.aud = AudienceClaim(value: ["https://example.com/"])
            try await server.request(.GET, path, token: sign(server, wrongAudience)).expectError(401, "UNAUTHENTICATED")

            // Signed by another RSA key with the server's kid.
            let other = try TokenMinter(
                key: ServerKey.loadOrCreate(in: server.directory.appendingPathComponent("other")))
            let forgedKey = try await other.key.keyCollection()
            let forged = try await forgedKey.sign(claims(), kid: JWKIdentifier(string: server.minter.key.kid))
            try await server.request(.GET, path, token: forged).expectError(401, "UNAUTHENTICATED")

            // A valid token with its payload swapped for a wildcard one.
            let valid = try await server.token(AuthorizationClaims(tripid: "t1")).split(separator: ".")
            let payload = Data(
                #"{"iss":"x","sub":"x","aud":"https://fleetengine.googleapis.com/","iat":\#(Int(Date().timeIntervalSince1970)),"exp":\#(Int(Date().timeIntervalSince1970) + 600),"authorization":{"tripid":"*","vehicleid":"*"}}"#
                    .utf8)
            let tampered = "\(valid[0]).\(base64URL(payload)).\(valid[2])"
            try await server.request(.GET, path, token: tampered).expectError(401, "UNAUTHENTICATED")

            // alg "none" with no signature.
            let none = base64URL(Data(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + base64URL(payload) + "."
            try await server.request(.GET, path, token: none).expectError(401, "UNAUTHENTICATED")
            // HS256 "signed" with the public key text, the classic confusion attack.
            let hs = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "." + base64URL(payload) + ".c2lnbmF0dXJl"
            try await server.request(.GET, path, token: hs).expectError(401, "UNAUTHENTICATED")
        }
    }

    @Test func consumerTokenReadsOnlyItsTrip() async throws {
        try await withTestServer { server in
            try await server.createTrip("t1")
            try await server.createTrip("t2")
            try await server.createVehicle("v1")
            let consumer = try await server.token(AuthorizationClaims(tripid: "t1"))
            #expect(try await server.request(.GET, "/v1/providers/p/trips/t1", token: consumer).status == 200)
            try await server.request(.GET, "/v1/providers/p/trips/t2", token: consumer).expectError(
                403, "PERMISSION_DENIED")
            try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: consumer,
                body: #"{"tripStatus":"CANCELED"}"#
            )
            .expectError(403, "PERMISSION_DENIED")
            try await server.request(.POST, "/v1/providers/p/trips?tripId=t3", token: consumer, body: "{}").expectError(
                403, "PERMISSION_DENIED")
            try await server.request(.DELETE, "/v1/providers/p/trips/t1", token: consumer).expectError(
                403, "PERMISSION_DENIED")
            try await server.request(.GET, "/v1/providers/p/vehicles/v1", token: consumer).expectError(
                403, "PERMISSION_DENIED")
            try await server.request(.POST, "/v1/providers/p/trips:search", token: consumer, body: "{}").expectError(
                403, "PERMISSION_DENIED")
            let none = try await server.token(AuthorizationClaims())
            try await server.request(.GET, "/v1/providers/p/trips/t1", token: none).expectError(
                403, "PERMISSION_DENIED")
        }
    }

    @Test func driverTokenReadsAndUpdatesItsVehicleAndTheTripsAssignedToIt() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            try await server.createVehicle("v2")
            try await server.createTrip("mine", vehicle: "v1")
            try await server.createTrip("theirs", vehicle: "v2")
            let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
            #expect(try await server.request(.GET, "/v1/providers/p/vehicles/v1", token: driver).status == 200)
            let offline = try await server.request(
                .PUT, "/v1/providers/p/vehicles/v1?updateMask=vehicleState", token: driver,
                body: #"{"vehicleState":"OFFLINE"}"#)
            #expect(try offline.vehicle().vehicleState == .offline)
            try await server.request(.GET, "/v1/providers/p/vehicles/v2", token: driver).expectError(
                403, "PERMISSION_DENIED")
            try await server.request(
                .PUT, "/v1/providers/p/vehicles/v2?updateMask=vehicleState", token: driver,
                body: #"{"vehicleState":"OFFLINE"}"#
            )
            .expectError(403, "PERMISSION_DENIED")
            try await server.request(.POST, "/v1/providers/p/vehicles?vehicleId=v3", token: driver, body: "{}")
                .expectError(403, "PERMISSION_DENIED")
            try await server.request(.GET, "/v1/providers/p/vehicles", token: driver).expectError(
                403, "PERMISSION_DENIED")
            try await server.request(.DELETE, "/v1/providers/p/vehicles/v1", token: driver).expectError(
                403, "PERMISSION_DENIED")

            #expect(try await server.request(.GET, "/v1/providers/p/trips/mine", token: driver).status == 200)
            try await server.request(.GET, "/v1/providers/p/trips/theirs", token: driver).expectError(
                403, "PERMISSION_DENIED")
            let enroute = try await server.request(
                .PUT, "/v1/providers/p/trips/mine?updateMask=tripStatus", token: driver,
                body: #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#)
            #expect(enroute.status == 200, "\(enroute.body)")
            // Handing its trip to another vehicle is not a driver's call.
            try await server.request(
                .PUT, "/v1/providers/p/trips/mine?updateMask=vehicleId", token: driver, body: #"{"vehicleId":"v2"}"#
            )
            .expectError(403, "PERMISSION_DENIED")
            try await server.request(.POST, "/v1/providers/p/trips:search", token: driver, body: #"{"vehicleId":"v2"}"#)
                .expectError(403, "PERMISSION_DENIED")
            #expect(
                try await server.request(
                    .POST, "/v1/providers/p/trips:search", token: driver, body: #"{"vehicleId":"v1"}"#
                ).status == 200)
        }
    }

    @Test func serverTokenDoesEverythingAndTokensNeverReachTheLog() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            #expect(try await server.request(.GET, "/v1/providers/p/vehicles", token: token).status == 200)
            #expect(try await server.request(.GET, "/v1/providers/p/trips/t1", token: token).status == 200)
            let complete = try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: token,
                body: #"{"tripStatus":"CANCELED"}"#)
            #expect(complete.status == 200, "\(complete.body)")
            _ = try await server.request(.GET, "/v1/providers/p/trips/t1", token: "garbage.\(token)")
            let logs = server.logs.all
            #expect(logs.contains { $0.contains("GET /v1/providers/p/trips/t1 200") })
            #expect(logs.contains { $0.contains("GET /v1/providers/p/trips/t1 401") })
            let signature = String(token.split(separator: ".").last ?? "")
            #expect(!logs.contains { $0.contains(signature) || $0.contains("Bearer") })
        }
    }
}

func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
