import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// Enums go out as names unless the caller asks `$alt=json;enum-encoding=int`, and come in as either.
@Suite struct EnumEncodingTests {
    @Test func requestsShapedLikeGooglesRestClientsGetNumbers() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            let alt = "%24alt=json%3Benum-encoding%3Dint"
            let vehicle = try await server.request(
                .POST,
                "/v1/providers/my-project/vehicles?header.languageCode=en-US&header.regionCode=US&vehicleId=vehicle-1&\(alt)",
                token: token,
                body:
                    #"{"vehicleState": 1, "supportedTripTypes": [2], "maximumCapacity": 4, "vehicleType": {"category": 1}}"#
            )
            #expect(vehicle.status == 200, "\(vehicle.body)")
            #expect(vehicle.json["vehicleState"] as? Int == 1)
            #expect(vehicle.json["supportedTripTypes"] as? [Int] == [2])

            let trip = try await server.request(
                .POST,
                "/v1/providers/my-project/trips?header.languageCode=en-US&header.regionCode=US&tripId=trip-1&\(alt)",
                token: token,
                body:
                    #"{"tripType": 2, "pickupPoint": {"point": {"latitude": 37.7749, "longitude": -122.4194}}, "dropoffPoint": {"point": {"latitude": 37.8044, "longitude": -122.2712}}, "numberOfPassengers": 1}"#
            )
            #expect(trip.json["tripStatus"] as? Int == 1)
            #expect(trip.json["tripType"] as? Int == 2)

            let update = try await server.request(
                .PUT,
                "/v1/providers/my-project/trips/trip-1?header.languageCode=en-US&header.regionCode=US&updateMask=vehicleId%2CtripStatus&\(alt)",
                token: token, body: #"{"vehicleId": "vehicle-1", "tripStatus": 2}"#)
            #expect(update.status == 200, "\(update.body)")
            #expect(update.json["tripStatus"] as? Int == 2)
            let waypoints = update.json["vehicleWaypoints"] as? [[String: Any]]
            #expect(waypoints?.first?["waypointType"] as? Int == 1)

            let get = try await server.request(
                .GET,
                "/v1/providers/my-project/trips/trip-1?header.languageCode=en-US&header.regionCode=US&currentRouteSegmentVersion=2025-01-01T00%3A00%3A00Z&routeFormatType=2&view=2&\(alt)",
                token: token)
            #expect(get.status == 200, "\(get.body)")
            #expect(get.json["view"] as? Int == 2)
            #expect(get.json["tripStatus"] as? Int == 2)

            let named = try await server.request(
                .GET, "/v1/providers/my-project/trips/trip-1?view=JOURNEY_SHARING_V1S", token: token)
            #expect(named.json["tripStatus"] as? String == "ENROUTE_TO_PICKUP")
            #expect(named.json["view"] as? String == "JOURNEY_SHARING_V1S")
            #expect(named.json["currentRouteSegment"] == nil)

            let search = try await server.request(
                .POST, "/v1/providers/my-project/trips:search?\(alt)", token: token,
                body: #"{"vehicleId": "vehicle-1", "activeTripsOnly": true}"#)
            let trips = search.json["trips"] as? [[String: Any]]
            #expect(trips?.first?["tripStatus"] as? Int == 2)
            let deleted = try await server.request(
                .DELETE, "/v1/providers/my-project/vehicles/vehicle-1?\(alt)", token: token)
            deleted.expectError(400, "FAILED_PRECONDITION")
        }
    }
}
