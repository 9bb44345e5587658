import FleetEngineProto
import FleetModel
import FleetServer
import GRPCCore
import SwiftProtobuf
import TestSupport
import Testing

/// Failures over gRPC are the statuses REST answers, with the same messages: both come from one service layer.
@Suite struct GRPCStatusTests {
    /// One failure, asked both ways: the gRPC call and the REST request that means the same.
    struct Case: Sendable, CustomTestStringConvertible {
        var what: String
        var grpc: @Sendable (GRPCFleet) async throws -> Void
        var rest: @Sendable (GRPCFleet) async throws -> TestResponse
        var testDescription: String { what }
    }

    static let cases: [Case] = [
        Case(
            what: "GetTrip of a trip that does not exist",
            grpc: { f in _ = try await f.trips.getTrip(.with { $0.name = "providers/p/trips/nope" }, metadata: f.auth())
            },
            rest: { f in try await f.server.request(.GET, "/v1/providers/p/trips/nope", token: f.server.serverToken()) }
        ),
        Case(
            what: "a rider reading another trip",
            grpc: { f in
                _ = try await f.trips.getTrip(
                    .with { $0.name = "providers/p/trips/t1" }, metadata: f.auth(AuthorizationClaims(tripid: "t2")))
            },
            rest: { f in
                try await f.server.request(
                    .GET, "/v1/providers/p/trips/t1", token: f.server.token(AuthorizationClaims(tripid: "t2")))
            }),
        Case(
            what: "UpdateTrip without an update mask",
            grpc: { f in
                _ = try await f.trips.updateTrip(
                    .with {
                        $0.name = "providers/p/trips/t1"
                        $0.trip = .with { $0.tripStatus = .complete }
                    }, metadata: f.auth())
            },
            rest: { f in
                try await f.server.request(
                    .PUT, "/v1/providers/p/trips/t1", token: f.server.serverToken(), body: #"{"tripStatus":"COMPLETE"}"#
                )
            }),
        Case(
            what: "DeleteTrip of an assigned trip",
            grpc: { f in
                _ = try await f.trips.deleteTrip(.with { $0.name = "providers/p/trips/t1" }, metadata: f.auth())
            },
            rest: { f in try await f.server.request(.DELETE, "/v1/providers/p/trips/t1", token: f.server.serverToken())
            }),
        Case(
            what: "CreateVehicle of a vehicle that exists",
            grpc: { f in
                _ = try await f.vehicles.createVehicle(.car("v1"), metadata: f.auth())
            },
            rest: { f in
                try await f.server.request(
                    .POST, "/v1/providers/p/vehicles?vehicleId=v1", token: f.server.serverToken(),
                    body:
                        #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#
                )
            }),
        Case(
            what: "SearchVehicles with a 50 m radius",
            grpc: { f in
                _ = try await f.vehicles.searchVehicles(
                    .with {
                        $0.parent = "providers/p"
                        $0.pickupPoint = .with { $0.point = GRPCMethodTests.pickup }
                        $0.pickupRadiusMeters = 50
                        $0.count = 5
                        $0.minimumCapacity = 1
                        $0.tripTypes = [.exclusive]
                        $0.vehicleTypes = [GRPCMethodTests.auto]
                        $0.orderBy = .pickupPointStraightDistance
                    }, metadata: f.auth())
            },
            rest: { f in
                try await f.server.request(
                    .POST, "/v1/providers/p/vehicles:search", token: f.server.serverToken(),
                    body:
                        #"{"pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"pickupRadiusMeters":50,"count":5,"minimumCapacity":1,"tripTypes":["EXCLUSIVE"],"vehicleTypes":[{"category":"AUTO"}],"orderBy":"PICKUP_POINT_STRAIGHT_DISTANCE"}"#
                )
            }),
        Case(
            what: "a driver updating another vehicle",
            grpc: { f in
                _ = try await f.vehicles.updateVehicle(
                    .with {
                        $0.name = "providers/p/vehicles/v1"
                        $0.vehicle = .with { $0.vehicleState = .offline }
                        $0.updateMask = Google_Protobuf_FieldMask(protoPaths: ["vehicle_state"])
                    }, metadata: f.auth(AuthorizationClaims(vehicleid: "v9")))
            },
            rest: { f in
                try await f.server.request(
                    .PUT, "/v1/providers/p/vehicles/v1?updateMask=vehicleState",
                    token: f.server.token(AuthorizationClaims(vehicleid: "v9")), body: #"{"vehicleState":"OFFLINE"}"#)
            }),
    ]

    @Test(arguments: cases) func aFailureIsTheSameStatusAndMessageBothWays(_ failure: Case) async throws {
        try await withGRPCFleet { fleet in
            try await fleet.server.createVehicle("v1")
            try await fleet.server.createTrip("t1", vehicle: "v1")
            let rest = try #require(try await failure.rest(fleet).errorStatus)
            let error = try #require(await #expect(throws: RPCError.self) { try await failure.grpc(fleet) })
            #expect(StatusCode(rawValue: error.code.rawValue)?.name == rest.code)
            #expect(error.message == rest.message)
        }
    }

    /// Every method, without a token and with one that is not a JWT: UNAUTHENTICATED, before anything is read.
    @Test func everyMethodNeedsAValidToken() async throws {
        try await withGRPCFleet { fleet in
            let missing = try #require(
                try await fleet.server.request(.GET, "/v1/providers/p/trips/t1", token: nil).errorStatus)
            let garbage = try #require(
                try await fleet.server.request(.GET, "/v1/providers/p/trips/t1", token: "not-a-jwt").errorStatus)
            for (service, methods) in [
                ("maps.fleetengine.v1.TripService", Maps_Fleetengine_V1_TripService.Method.descriptors),
                ("maps.fleetengine.v1.VehicleService", Maps_Fleetengine_V1_VehicleService.Method.descriptors),
            ] {
                #expect(methods.count == (service.hasSuffix("TripService") ? 6 : 7))
                for method in methods {
                    let attempts: [(Metadata, String)] = [
                        ([:], missing.message), (["authorization": "Bearer not-a-jwt"], garbage.message),
                    ]
                    for (metadata, expected) in attempts {
                        let error = await #expect(throws: RPCError.self, "\(method.method)") {
                            try await fleet.raw(method.method, in: service, [], metadata: metadata)
                        }
                        #expect(error?.code == .unauthenticated, "\(method.method)")
                        #expect(error?.message == expected, "\(method.method)")
                    }
                }
            }
        }
    }
}
