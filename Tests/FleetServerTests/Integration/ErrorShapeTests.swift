import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// Every failure comes back in Google's JSON error shape with the matching HTTP status, and leaves nothing behind.
@Suite struct ErrorShapeTests {
    @Test func routesAndMethods() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            try await server.request(.GET, "/", token: token).expectError(404, "NOT_FOUND")
            try await server.request(.GET, "/v1/providers/p/widgets/x", token: token).expectError(404, "NOT_FOUND")
            try await server.request(.GET, "/v2/providers/p/trips/t", token: nil).expectError(404, "NOT_FOUND")
            try await server.request(.GET, "/v1/providers/p/trips/t/extra", token: token).expectError(404, "NOT_FOUND")
            let wrong = try await server.request(.PATCH, "/v1/providers/p/trips/t", token: token, body: "{}")
            wrong.expectError(405, "UNIMPLEMENTED")
            #expect(wrong.header("allow") == "GET, PUT, DELETE")
            try await server.request(.GET, "/v1/providers/p/trips:search", token: token).expectError(
                405, "UNIMPLEMENTED")
            try await server.request(.GET, "/v1/providers/p/trips/a%3Ab", token: token).expectError(
                400, "INVALID_ARGUMENT")
        }
    }

    @Test func badBodiesNameTheField() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            let create = "/v1/providers/p/trips?tripId=t1"
            let cases: [(String, String)] = [
                (#"{"tripType": "EXCLUSIVE", "pickupPoint": "#, "not valid JSON"),
                (#"[1, 2]"#, "expected an object"),
                (
                    #"{"tripType": "EXCLUSIVE", "pickupPoint": {"point": {"latitude": "north"}}}"#,
                    "pickupPoint.point.latitude"
                ),
                (#"{"tripType": "FAST", "pickupPoint": {"point": {"latitude": 1, "longitude": 2}}}"#, "tripType"),
                (#"{"tripType": 9, "pickupPoint": {"point": {"latitude": 1, "longitude": 2}}}"#, "tripType"),
                (
                    #"{"tripType": "EXCLUSIVE", "status": "NEW", "pickupPoint": {"point": {"latitude": 1, "longitude": 2}}}"#,
                    "status"
                ),
                (#"{"pickupPoint": {"point": {"latitude": 1, "longitude": 2}}}"#, "tripType"),
                (#"{"tripType": "EXCLUSIVE"}"#, "pickupPoint"),
                (#"{"tripType": "EXCLUSIVE", "pickupPoint": {"point": {"latitude": 91, "longitude": 2}}}"#, "latitude"),
                (
                    #"{"tripType": "SHARED", "pickupPoint": {"point": {"latitude": 1, "longitude": 2}}, "intermediateDestinations": [{"point": {"latitude": 1, "longitude": 2}}]}"#,
                    "intermediateDestinations"
                ),
            ]
            for (body, field) in cases {
                let answer = try await server.request(.POST, create, token: token, body: body)
                answer.expectError(400, "INVALID_ARGUMENT")
                let message = (answer.json["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains(field), "\(body) → \(message)")
            }
            // Nothing was written by any of them.
            try await server.request(.GET, "/v1/providers/p/trips/t1", token: token).expectError(404, "NOT_FOUND")
            try await server.request(.POST, "/v1/providers/p/trips", token: token, body: "{}").expectError(
                400, "INVALID_ARGUMENT")
            try await server.request(.POST, "/v1/providers/p/trips?tripId=a%2Fb", token: token, body: "{}").expectError(
                400, "INVALID_ARGUMENT")
            try await server.request(.GET, "/v1/providers/p/trips/t1?view=WIDE", token: token).expectError(
                400, "INVALID_ARGUMENT")
            try await server.request(.GET, "/v1/providers/p/trips/t1?colour=red", token: token).expectError(
                400, "INVALID_ARGUMENT")
            try await server.request(
                .GET, "/v1/providers/p/trips/t1?currentRouteSegmentVersion=yesterday", token: token
            )
            .expectError(400, "INVALID_ARGUMENT")
        }
    }

    @Test func oversizedBodiesAre413() async throws {
        try await withTestServer(maxBodyBytes: 4096) { server in
            let token = try await server.serverToken()
            let padding = String(repeating: " ", count: 5000)
            let answer = try await server.request(
                .POST, "/v1/providers/p/trips?tripId=big", token: token,
                body: #"{"tripType":"EXCLUSIVE",\#(padding)"pickupPoint":{"point":{"latitude":1,"longitude":2}}}"#)
            answer.expectError(413, "INVALID_ARGUMENT")
            try await server.request(.GET, "/v1/providers/p/trips/big", token: token).expectError(404, "NOT_FOUND")
        }
    }

    @Test func semanticErrors() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            try await server.request(
                .POST, "/v1/providers/p/trips?tripId=t1", token: token,
                body: #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":1,"longitude":2}}}"#
            )
            .expectError(409, "ALREADY_EXISTS")
            try await server.request(
                .POST, "/v1/providers/p/vehicles?vehicleId=v1", token: token,
                body:
                    #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#
            )
            .expectError(409, "ALREADY_EXISTS")
            try await server.request(
                .POST, "/v1/providers/p/vehicles?vehicleId=v9", token: token,
                body: #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"vehicleType":{"category":"AUTO"}}"#
            )
            .expectError(400, "INVALID_ARGUMENT")
            try await server.request(.GET, "/v1/providers/p/vehicles/nope", token: token).expectError(404, "NOT_FOUND")
            try await server.request(
                .PUT, "/v1/providers/p/trips/t1", token: token, body: #"{"tripStatus":"CANCELED"}"#
            )
            .expectError(400, "INVALID_ARGUMENT")
            try await server.request(.PUT, "/v1/providers/p/trips/t1?updateMask=colour", token: token, body: "{}")
                .expectError(400, "INVALID_ARGUMENT")
            try await server.request(
                .PUT, "/v1/providers/p/trips/nope?updateMask=tripStatus", token: token,
                body: #"{"tripStatus":"CANCELED"}"#
            )
            .expectError(404, "NOT_FOUND")
            try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=vehicleId", token: token, body: #"{"vehicleId":"ghost"}"#
            )
            .expectError(404, "NOT_FOUND")
            try await server.request(
                .POST, "/v1/providers/p/trips?tripId=t2", token: token,
                body:
                    #"{"tripType":"EXCLUSIVE","vehicleId":"ghost","pickupPoint":{"point":{"latitude":1,"longitude":2}}}"#
            )
            .expectError(404, "NOT_FOUND")
            try await server.request(.DELETE, "/v1/providers/p/trips/t1", token: token).expectError(
                400, "FAILED_PRECONDITION")
            // Output-only fields in a mask are ignored, not applied.
            let ignored = try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=name,remainingDistanceMeters", token: token,
                body: #"{"name":"providers/p/trips/other","remainingDistanceMeters":5}"#)
            #expect(try ignored.trip().name == "providers/p/trips/t1")
        }
    }
}
