import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// GetTrip answers are reused within a second until the next write (for polling riders); a write must show at
/// once, and a reused answer must be authorized like a fresh one.
@Suite struct AnswerCacheTests {
    static let path = "/v1/providers/p/trips/t1?view=JOURNEY_SHARING_V1S"

    @Test func aWriteShowsInTheVeryNextRead() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let token = try await server.serverToken()
            for status in ["ENROUTE_TO_PICKUP", "ARRIVED_AT_PICKUP", "ENROUTE_TO_DROPOFF"] {
                _ = try await server.request(.GET, Self.path, token: token)  // fills the cache
                let update = try await server.request(
                    .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: token,
                    body: #"{"tripStatus":"\#(status)"}"#)
                #expect(update.status == 200)
                let read = try await server.request(.GET, Self.path, token: token)
                #expect(read.json["tripStatus"] as? String == status, "no stale answer after the write")
            }
            _ = try await server.request(.GET, Self.path, token: token)
            let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
            let report = try await server.request(
                .PUT, "/v1/providers/p/vehicles/v1?updateMask=lastLocation", token: driver,
                body: #"{"lastLocation":{"location":{"latitude":43.7401,"longitude":7.4266}}}"#)
            #expect(report.status == 200)
            let read = try await server.request(.GET, Self.path, token: token)
            let location = (read.json["lastLocation"] as? [String: Any])?["location"] as? [String: Any]
            #expect(location?["latitude"] as? Double == 43.7401, "the vehicle's report shows at once")
        }
    }

    @Test func aReusedAnswerIsAuthorizedLikeAFreshOne() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let first = try await server.request(
                .GET, Self.path, token: server.token(AuthorizationClaims(tripid: "t1")))
            #expect(first.status == 200)
            // Same query, same second: served from the cache, so these check authorization on a reused answer.
            try await server.request(.GET, Self.path, token: server.token(AuthorizationClaims(tripid: "t2")))
                .expectError(403, "PERMISSION_DENIED")
            try await server.request(.GET, Self.path, token: server.token(AuthorizationClaims(vehicleid: "v2")))
                .expectError(403, "PERMISSION_DENIED")
            let driver = try await server.request(
                .GET, Self.path, token: server.token(AuthorizationClaims(vehicleid: "v1")))
            #expect(
                driver.status == 200, "the assigned vehicle's driver reads it, although the view leaves vehicleId out")
            #expect(driver.body == first.body || driver.json["name"] as? String == "providers/p/trips/t1")
            try await server.request(.GET, Self.path, token: nil).expectError(401, "UNAUTHENTICATED")
        }
    }
}
