import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// The Deliveries API over HTTP as Google's REST transcoding spells it (query ids, PATCH with a camelCase mask,
/// integer enums), and a shipment's tracking polled by its consumers: answered on the connection's event loop from
/// the cache, with the token checked each time, until a write changes it — then from its tasks and van in memory. On a stopped clock, as
/// ``CachedAnswerTests``.
@Suite struct DeliveryRESTTests {
    static let tracking = "/v1/providers/p/taskTrackingInfo/parcel-1"

    static func cachedLines(_ server: TestServer) -> [String] {
        server.logs.all.filter { $0.contains("GET \(tracking) 200") && $0.contains("cached") }
    }

    /// A van at the depot with parcel-1's task as its only stop.
    static func day(_ server: TestServer) async throws -> String {
        let token = try await server.serverToken()
        let van = try await server.request(
            .POST, "/v1/providers/p/deliveryVehicles?deliveryVehicleId=van-1", token: token,
            body: #"{"lastLocation":{"location":{"latitude":43.7347,"longitude":7.4206}}}"#)
        #expect(van.status == 200, "\(van.body)")
        let task = try await server.request(
            .POST, "/v1/providers/p/tasks?taskId=t1&$alt=json;enum-encoding=int", token: token,
            body:
                #"{"type":2,"state":1,"trackingId":"parcel-1","taskDuration":"60s","plannedLocation":{"point":{"latitude":43.7396,"longitude":7.4275}}}"#
        )
        #expect(task.status == 200 && task.json["state"] as? Int == 1, "\(task.body)")
        let stops = try await server.request(
            .PATCH, "/v1/providers/p/deliveryVehicles/van-1?updateMask=remainingVehicleJourneySegments", token: token,
            body:
                #"{"remainingVehicleJourneySegments":[{"stop":{"state":"NEW","plannedLocation":{"point":{"latitude":43.7396,"longitude":7.4275}},"tasks":[{"taskId":"t1"}]}}]}"#
        )
        #expect(stops.status == 200, "\(stops.body)")
        return token
    }

    @Test func consumersPollsOfAShipmentAreAnsweredFromTheCacheUntilAWrite() async throws {
        try await withTestServer(clock: StoppedClock()) { server in
            let backend = try await Self.day(server)
            let consumer = try await server.token(AuthorizationClaims(trackingid: "parcel-1"))
            let first = try await server.request(.GET, Self.tracking, token: consumer)
            #expect(first.status == 200 && first.json["remainingStopCount"] as? Int == 1, "\(first.body)")
            var cached: TestResponse?
            for _ in 0..<3 where cached == nil {
                let poll = try await server.request(.GET, Self.tracking, token: consumer)
                if !Self.cachedLines(server).isEmpty { cached = poll }
            }
            #expect(cached?.body == first.body, "no poll answered from the cache: \(server.logs.all)")
            // Another shipment's token is refused even though the answer is cached.
            let stranger = try await server.token(AuthorizationClaims(trackingid: "parcel-2"))
            try await server.request(.GET, Self.tracking, token: stranger).expectError(403, "PERMISSION_DENIED")
            // The van moves: the next poll has its new place.
            let moved = try await server.request(
                .PATCH, "/v1/providers/p/deliveryVehicles/van-1?updateMask=lastLocation", token: backend,
                body: #"{"lastLocation":{"location":{"latitude":43.7380,"longitude":7.4250}}}"#)
            #expect(moved.status == 200, "\(moved.body)")
            let after = try await server.request(.GET, Self.tracking, token: consumer)
            let location = (after.json["vehicleLocation"] as? [String: Any])?["location"] as? [String: Any]
            #expect(location?["latitude"] as? Double == 43.7380, "\(after.body)")
            // Another van's write empties the answers but not this shipment's tasks and van: the next poll is
            // computed from them in memory, with the same bytes.
            let other = try await server.request(
                .POST, "/v1/providers/p/deliveryVehicles?deliveryVehicleId=van-2", token: backend, body: "{}")
            #expect(other.status == 200, "\(other.body)")
            var live: TestResponse?
            for _ in 0..<3 where live == nil {
                let poll = try await server.request(.GET, Self.tracking, token: consumer)
                if server.logs.all.contains(where: {
                    $0.contains("GET \(Self.tracking) 200") && $0.contains(" ms live")
                }) {
                    live = poll
                }
            }
            #expect(live?.body == after.body, "no poll answered from memory: \(server.logs.all)")
        }
    }

    @Test func deliveryPathsTakeTheirOwnMethodsAndQueries() async throws {
        try await withTestServer(clock: StoppedClock()) { server in
            let token = try await Self.day(server)
            try await server.request(.PUT, "/v1/providers/p/tasks/t1", token: token, body: "{}")
                .expectError(405, "UNIMPLEMENTED")
            try await server.request(.GET, "/v1/providers/p/tasks?colour=red", token: token)
                .expectError(400, "INVALID_ARGUMENT")
            let list = try await server.request(
                .GET, "/v1/providers/p/tasks?filter=state%20%3D%20OPEN&pageSize=1&header.regionCode=US", token: token)
            #expect(list.status == 200 && list.json["totalSize"] as? String == "1", "\(list.body)")
            let outcome = try await server.request(
                .PATCH, "/v1/providers/p/tasks/t1?updateMask=taskOutcome", token: token,
                body: #"{"taskOutcome":"SUCCEEDED"}"#)
            #expect(outcome.json["taskOutcomeLocationSource"] as? String == "LAST_VEHICLE_LOCATION", "\(outcome.body)")
            try await server.request(.DELETE, "/v1/providers/p/deliveryVehicles/van-1", token: token)
                .expectError(400, "FAILED_PRECONDITION")
        }
    }
}
