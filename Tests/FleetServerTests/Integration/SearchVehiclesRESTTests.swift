import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// SearchVehicles and ListVehicles' restrictions over REST on loopback, through FleetMethods: the dispatch call a
/// provider's backend makes, with Fleet Engine's rules, roles and errors. (The search rules themselves, on built
/// fleets and the Monaco road map, are VehicleSearchTests'.)
@Suite struct SearchVehiclesRESTTests {
    static let pickup = (latitude: 43.7384, longitude: 7.4246)

    /// Vehicles north of the pickup at `metres`, each reporting now, with the attributes given.
    static func fleet(_ server: TestServer, _ vehicles: [(id: String, metres: Double, zone: String)]) async throws {
        let token = try await server.serverToken()
        for vehicle in vehicles {
            try await server.createVehicle(vehicle.id)
            let latitude = pickup.latitude + vehicle.metres / 111_195
            let body =
                #"{"lastLocation":{"location":{"latitude":\#(latitude),"longitude":\#(pickup.longitude)}},"attributes":[{"key":"zone","stringValue":"\#(vehicle.zone)"}]}"#
            let response = try await server.request(
                .PUT, "/v1/providers/p/vehicles/\(vehicle.id)?updateMask=lastLocation,attributes", token: token,
                body: body)
            try response.require(200)
        }
    }

    static func search(
        radius: Int = 1000, order: String = "PICKUP_POINT_STRAIGHT_DISTANCE", extra: String = ""
    )
        -> String
    {
        #"{"pickupPoint":{"point":{"latitude":\#(pickup.latitude),"longitude":\#(pickup.longitude)}},"pickupRadiusMeters":\#(radius),"count":10,"minimumCapacity":1,"tripTypes":["EXCLUSIVE"],"vehicleTypes":[{"category":"AUTO"}],"orderBy":"\#(order)"\#(extra)}"#
    }

    static func matches(_ response: TestResponse) throws -> [VehicleMatch] {
        try ProtoJSON.decode(SearchVehiclesResponse.self, from: response.body, options: .strict).matches
    }

    @Test func nearestFirstWithinTheRadiusAndStraightLinesSaySo() async throws {
        try await withTestServer { server in
            try await Self.fleet(server, [("far", 900, "north"), ("near", 150, "south"), ("out", 3000, "north")])
            let response = try await server.request(
                .POST, "/v1/providers/p/vehicles:search", token: try await server.serverToken(),
                body: Self.search(order: "PICKUP_POINT_ETA"))
            #expect(response.status == 200, "\(response.body)")
            let matches = try Self.matches(response)
            #expect(matches.map { $0.vehicle?.name } == ["providers/p/vehicles/near", "providers/p/vehicles/far"])
            let near = try #require(matches.first)
            #expect(abs(Double(near.vehiclePickupStraightLineDistanceMeters ?? 0) - 150) < 2)
            #expect(near.vehicleMatchType == .exclusive && near.requestedOrderedBy == .pickupPointEta)
            // No road map in this server: the ETA is a straight-line estimate, and the answer says so.
            #expect(near.orderedBy == .pickupPointStraightDistance)
        }
    }

    /// The provider's index is built on the first search and then follows every write: a vehicle that moves, one
    /// that is deleted, one created after, and a trip assigned (the vehicle is no longer free for an exclusive trip).
    /// A write that fails changes nothing.
    @Test func theSearchIndexFollowsEveryWrite() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            func found() async throws -> [String] {
                let response = try await server.request(
                    .POST, "/v1/providers/p/vehicles:search", token: token, body: Self.search())
                try response.require(200)
                return try Self.matches(response).compactMap {
                    $0.vehicle?.name.split(separator: "/").last.map(String.init)
                }
            }
            try await Self.fleet(server, [("a", 200, "north"), ("b", 500, "north")])
            #expect(try await found() == ["a", "b"])

            try await Self.fleet(server, [("c", 100, "north")])
            let moved = try await server.request(
                .PUT, "/v1/providers/p/vehicles/a?updateMask=lastLocation", token: token,
                body: #"{"lastLocation":{"location":{"latitude":43.7584,"longitude":7.4246}}}"#)
            try moved.require(200)
            try await server.request(.DELETE, "/v1/providers/p/vehicles/b", token: token).require(200)
            #expect(try await found() == ["c"])

            // A rejected write (an unknown state) leaves the index as it was.
            let rejected = try await server.request(
                .PUT, "/v1/providers/p/vehicles/c?updateMask=vehicleState", token: token,
                body: #"{"vehicleState":"ASLEEP"}"#)
            #expect(rejected.status == 400)
            #expect(try await found() == ["c"])

            // Assigned an active trip, c is busy: an exclusive search without back-to-back passes it over.
            try await server.createTrip("t1", vehicle: "c")
            try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: token,
                body: #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#
            ).require(200)
            #expect(try await found() == [])
            try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: token,
                body: #"{"tripStatus":"CANCELED"}"#
            ).require(200)
            #expect(try await found() == ["c"])
        }
    }

    @Test func attributesFilterTheSearch() async throws {
        try await withTestServer { server in
            try await Self.fleet(server, [("a", 200, "north"), ("b", 300, "south")])
            let response = try await server.request(
                .POST, "/v1/providers/p/vehicles:search", token: try await server.serverToken(),
                body: Self.search(extra: #","filter":"attributes.zone=\"south\"""#))
            #expect(try Self.matches(response).map { $0.vehicle?.name } == ["providers/p/vehicles/b"])
        }
    }

    @Test func badSearchesAndOtherRolesAreRefused() async throws {
        try await withTestServer { server in
            try await Self.fleet(server, [("v1", 200, "north")])
            let token = try await server.serverToken()
            let small = try await server.request(
                .POST, "/v1/providers/p/vehicles:search", token: token, body: Self.search(radius: 50))
            small.expectError(400, "INVALID_ARGUMENT")
            #expect(small.body.contains("pickupRadiusMeters"))
            let unknown = try await server.request(
                .POST, "/v1/providers/p/vehicles:search", token: token, body: #"{"pickupRadius":400}"#)
            unknown.expectError(400, "INVALID_ARGUMENT")
            let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
            let denied = try await server.request(
                .POST, "/v1/providers/p/vehicles:search", token: driver, body: Self.search())
            denied.expectError(403, "PERMISSION_DENIED")
            let get = try await server.request(.GET, "/v1/providers/p/vehicles:search", token: token)
            get.expectError(405, "UNIMPLEMENTED")
        }
    }

    @Test func listVehiclesTakesAttributesAViewportAndStaleness() async throws {
        try await withTestServer { server in
            try await Self.fleet(server, [("a", 200, "north"), ("b", 5000, "south")])
            try await server.createVehicle("silent")
            let token = try await server.serverToken()
            func names(_ query: String) async throws -> [String] {
                let response = try await server.request(.GET, "/v1/providers/p/vehicles?\(query)", token: token)
                #expect(response.status == 200, "\(query): \(response.body)")
                return try ProtoJSON.decode(ListVehiclesResponse.self, from: response.body, options: .strict)
                    .vehicles.map { String($0.name.split(separator: "/").last!) }
            }
            #expect(try await names("filter=attributes.zone%3D%22north%22") == ["a"])
            #expect(try await names("requiredAttributes=zone:south") == ["b"])
            #expect(try await names("requiredOneOfAttributes=zone:east%7Czone:north") == ["a"])
            let box =
                "viewport.low.latitude=43.73&viewport.low.longitude=7.42"
                + "&viewport.high.latitude=43.745&viewport.high.longitude=7.43"
            #expect(try await names(box) == ["a"])
            #expect(try await names("maximumStaleness=60s") == ["a", "b"], "a vehicle that never reported is stale")
            let both = try await server.request(
                .GET, "/v1/providers/p/vehicles?filter=attributes.zone%3D%22a%22&requiredAttributes=zone:a",
                token: token)
            both.expectError(400, "INVALID_ARGUMENT")
            let badAttribute = try await server.request(
                .GET, "/v1/providers/p/vehicles?requiredAttributes=zone", token: token)
            badAttribute.expectError(400, "INVALID_ARGUMENT")
            #expect(badAttribute.body.contains("requiredAttributes[0]"))
        }
    }
}
