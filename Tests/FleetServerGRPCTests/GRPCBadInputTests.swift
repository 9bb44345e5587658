import FleetEngineProto
import FleetModel
import FleetServer
import GRPCCore
import SwiftProtobuf
import TestSupport
import Testing

/// What a broken or mismatched client sends: a gRPC status that says what is wrong, never a crash, and nothing
/// written.
@Suite struct GRPCBadInputTests {
    static let trips = "maps.fleetengine.v1.TripService"
    static let vehicles = "maps.fleetengine.v1.VehicleService"

    @Test func bytesThatAreNoMessageAreInvalidArgument() async throws {
        try await withGRPCFleet { fleet in
            let auth = try await fleet.auth()
            // A truncated length-delimited field, then a field of wire type 7 (there is none).
            for bytes: [UInt8] in [
                [0x1A, 0x20, 0x41], [0x1F, 0x01], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
            ] {
                let error = await #expect(throws: RPCError.self) {
                    try await fleet.raw("GetTrip", in: Self.trips, bytes, metadata: auth)
                }
                #expect(error?.code == .invalidArgument, "\(bytes)")
            }
        }
    }

    @Test func aFieldOfTheWrongTypeIsInvalidArgument() async throws {
        try await withGRPCFleet { fleet in
            // GetTripRequest.name (field 3) is a string; here it is a varint.
            let error = await #expect(throws: RPCError.self) {
                try await fleet.raw("GetTrip", in: Self.trips, [0x18, 0x01], metadata: fleet.auth())
            }
            #expect(error?.code == .invalidArgument)
        }
    }

    @Test func unknownFieldsAreNamedAndNothingIsWritten() async throws {
        try await withGRPCFleet { fleet in
            let trip = Maps_Fleetengine_V1_Trip.with {
                $0.tripType = .exclusive
                $0.pickupPoint = .with { $0.point = GRPCMethodTests.pickup }
            }
            let create = Maps_Fleetengine_V1_CreateTripRequest.with {
                $0.parent = "providers/p"
                $0.tripID = "t1"
            }
            // CreateTripRequest.trip (field 4) with Trip's field 999 as a varint after its own: what a client built
            // from newer protos would send.
            let tripBytes: [UInt8] = try trip.serializedBytes() + [0xB8, 0x3E, 0x01]
            let bytes: [UInt8] = try create.serializedBytes() + [0x22, UInt8(tripBytes.count)] + tripBytes
            let error = await #expect(throws: RPCError.self) {
                try await fleet.raw("CreateTrip", in: Self.trips, bytes, metadata: fleet.auth())
            }
            #expect(error?.code == .invalidArgument)
            #expect(
                error?.message
                    == "maps.fleetengine.v1.CreateTripRequest: unknown field 999 in maps.fleetengine.v1.Trip (inside maps.fleetengine.v1.CreateTripRequest field 4); this server's Fleet Engine protos do not know it"
            )
            let read = try await fleet.server.request(
                .GET, "/v1/providers/p/trips/t1", token: fleet.server.serverToken())
            #expect(read.status == 404)

            let get = Maps_Fleetengine_V1_GetTripRequest.with { $0.name = "providers/p/trips/t1" }
            let withField100: [UInt8] = try get.serializedBytes() + [0xA0, 0x06, 0x01]
            let top = await #expect(throws: RPCError.self) {
                try await fleet.raw("GetTrip", in: Self.trips, withField100, metadata: fleet.auth())
            }
            #expect(top?.message.contains("unknown field 100 in maps.fleetengine.v1.GetTripRequest;") == true)
        }
    }

    @Test func anOversizedMessageIsRefusedUnread() async throws {
        try await withGRPCFleet(maxMessageBytes: 64 << 10) { fleet in
            let create = Maps_Fleetengine_V1_CreateVehicleRequest.car(
                "v1",
                attributes: [
                    .with {
                        $0.key = "blob"
                        $0.stringValue = String(repeating: "x", count: 100 << 10)
                    }
                ])
            let error = await #expect(throws: RPCError.self) {
                try await fleet.vehicles.createVehicle(create, metadata: fleet.auth())
            }
            #expect(error?.code == .resourceExhausted)
            #expect(error?.message == "Request payload size exceeds the limit: 65536 bytes.")
            let read = try await fleet.server.request(
                .GET, "/v1/providers/p/vehicles/v1", token: fleet.server.serverToken())
            #expect(read.status == 404)
        }
    }

    @Test func unknownMethodsAndServicesAreUnimplemented() async throws {
        try await withGRPCFleet { fleet in
            for (service, method) in [
                (Self.trips, "CancelTrip"), ("maps.fleetengine.delivery.v1.DeliveryService", "SearchTasks"),
                ("maps.fleetengine.v1.NoSuchService", "GetTrip"),
            ] {
                let error = await #expect(throws: RPCError.self) {
                    try await fleet.raw(method, in: service, [], metadata: fleet.auth())
                }
                #expect(error?.code == .unimplemented, "\(service)/\(method)")
            }
        }
    }
}
