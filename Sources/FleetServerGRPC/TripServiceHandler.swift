import FleetEngineProto
import FleetModel
import FleetServer
import Foundation
import GRPCCore
import SwiftProtobuf

/// `maps.fleetengine.v1.TripService` over gRPC: each method is ``GRPCCall`` around the ``FleetServer/FleetMethods``
/// function REST calls too.
struct TripServiceHandler: Maps_Fleetengine_V1_TripService.ServiceProtocol {
    let call: GRPCCall

    func createTrip(
        request: ServerRequest<Maps_Fleetengine_V1_CreateTripRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_Trip> {
        try await call.unary(request, context: context, as: CreateTripRequest.self) {
            try await $0.createTrip($1, principal: $2, now: $3)
        }
    }

    /// Through the answer cache, as REST's GetTrip: riders poll, and an answer already encoded is reused until the
    /// next write (``GRPCCall/cacheKey(_:)``).
    func getTrip(
        request: ServerRequest<Maps_Fleetengine_V1_GetTripRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_Trip> {
        try await call.answering(context) {
            let principal = try await call.authenticate(request.metadata)
            let key = try call.cacheKey(request.message)
            let (methods, now) = (call.core.methods, call.core.now)
            // A poll answered from the cache skips the bridge: the key is the whole request, so one with unknown
            // fields (refused by the bridge, its answer never stored) always misses and is refused below.
            let answer: Data
            if let cached = try methods.cachedTripAnswer(
                name: request.message.name, principal: principal, now: now, cacheKey: key)
            {
                answer = cached
            } else {
                let get = try ProtoBridge.request(request.message, as: GetTripRequest.self)
                answer = try await methods.getTripAnswer(get, principal: principal, now: now, cacheKey: key) { trip in
                    try trip.protobuf.serializedData()
                }
            }
            return ServerResponse(message: try Maps_Fleetengine_V1_Trip(serializedBytes: answer))
        }
    }

    func deleteTrip(
        request: ServerRequest<Maps_Fleetengine_V1_DeleteTripRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Protobuf_Empty> {
        try await call.unary(request, context: context, as: DeleteTripRequest.self) {
            try await $0.deleteTrip($1, principal: $2, now: $3)
        }
    }

    func reportBillableTrip(
        request: ServerRequest<Maps_Fleetengine_V1_ReportBillableTripRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Protobuf_Empty> {
        try await call.unary(request, context: context, as: ReportBillableTripRequest.self) {
            try await $0.reportBillableTrip($1, principal: $2, now: $3)
        }
    }

    func searchTrips(
        request: ServerRequest<Maps_Fleetengine_V1_SearchTripsRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_SearchTripsResponse> {
        try await call.unary(request, context: context, as: SearchTripsRequest.self) {
            try await $0.searchTrips($1, principal: $2, now: $3)
        }
    }

    func updateTrip(
        request: ServerRequest<Maps_Fleetengine_V1_UpdateTripRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_Trip> {
        try await call.unary(request, context: context, as: UpdateTripRequest.self) {
            try await $0.updateTrip($1, principal: $2, now: $3)
        }
    }
}
