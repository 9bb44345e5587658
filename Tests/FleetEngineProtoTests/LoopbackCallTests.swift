import FleetEngineProto
import GRPCCore
import GRPCNIOTransportHTTP2
import SwiftProtobuf
import Testing

/// The generated server and client stubs talk to each other over HTTP/2 on loopback, as `tripterm serve` and
/// Google's client libraries will: a message crosses whole, and an error arrives as its gRPC status and message.
@Suite struct LoopbackCallTests {
    @Test func getTripCrossesHTTP2AndErrorsKeepTheirStatus() async throws {
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [OneTripService(trip: TripFixture.trip)]
        )
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await server.serve() }
            defer { server.beginGracefulShutdown() }
            let port = try #require(try await server.listeningAddress?.ipv4?.port)
            try await withGRPCClient(
                transport: .http2NIOPosix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
            ) { client in
                let trips = Maps_Fleetengine_V1_TripService.Client(wrapping: client)
                let trip = try await trips.getTrip(.with { $0.name = TripFixture.trip.name })
                #expect(trip == TripFixture.trip)

                let error = await #expect(throws: RPCError.self) {
                    try await trips.getTrip(.with { $0.name = "providers/demo/trips/nope" })
                }
                #expect(error?.code == .notFound)
                #expect(error?.message == #"Trip "providers/demo/trips/nope" not found."#)

                let unimplemented = await #expect(throws: RPCError.self) {
                    try await trips.deleteTrip(.with { $0.name = TripFixture.trip.name })
                }
                #expect(unimplemented?.code == .unimplemented)
            }
        }
    }
}

/// A TripService that knows one trip and answers only GetTrip.
private struct OneTripService: Maps_Fleetengine_V1_TripService.SimpleServiceProtocol {
    let trip: Maps_Fleetengine_V1_Trip

    func getTrip(
        request: Maps_Fleetengine_V1_GetTripRequest, context: ServerContext
    ) async throws
        -> Maps_Fleetengine_V1_Trip
    {
        guard request.name == trip.name else {
            throw RPCError(code: .notFound, message: "Trip \"\(request.name)\" not found.")
        }
        return trip
    }

    func createTrip(
        request: Maps_Fleetengine_V1_CreateTripRequest, context: ServerContext
    ) async throws
        -> Maps_Fleetengine_V1_Trip
    { throw unimplemented }

    func deleteTrip(
        request: Maps_Fleetengine_V1_DeleteTripRequest, context: ServerContext
    ) async throws
        -> Google_Protobuf_Empty
    { throw unimplemented }

    func reportBillableTrip(
        request: Maps_Fleetengine_V1_ReportBillableTripRequest, context: ServerContext
    )
        async throws -> Google_Protobuf_Empty
    { throw unimplemented }

    func searchTrips(
        request: Maps_Fleetengine_V1_SearchTripsRequest, context: ServerContext
    ) async throws
        -> Maps_Fleetengine_V1_SearchTripsResponse
    { throw unimplemented }

    func updateTrip(
        request: Maps_Fleetengine_V1_UpdateTripRequest, context: ServerContext
    ) async throws
        -> Maps_Fleetengine_V1_Trip
    { throw unimplemented }

    private var unimplemented: RPCError { RPCError(code: .unimplemented, message: "Not in this test.") }
}
