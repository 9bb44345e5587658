import FleetEngineProto
import FleetModel
import FleetServer
import GRPCCore
import SwiftProtobuf

/// `maps.fleetengine.v1.VehicleService` over gRPC: each method is ``GRPCCall`` around the
/// ``FleetServer/FleetMethods`` function REST calls too.
struct VehicleServiceHandler: Maps_Fleetengine_V1_VehicleService.ServiceProtocol {
    let call: GRPCCall

    func createVehicle(
        request: ServerRequest<Maps_Fleetengine_V1_CreateVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_Vehicle> {
        try await call.unary(request, context: context, as: CreateVehicleRequest.self) {
            try await $0.createVehicle($1, principal: $2, now: $3)
        }
    }

    func getVehicle(
        request: ServerRequest<Maps_Fleetengine_V1_GetVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_Vehicle> {
        try await call.unary(request, context: context, as: GetVehicleRequest.self) {
            try await $0.getVehicle($1, principal: $2, now: $3)
        }
    }

    func deleteVehicle(
        request: ServerRequest<Maps_Fleetengine_V1_DeleteVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Protobuf_Empty> {
        try await call.unary(request, context: context, as: DeleteVehicleRequest.self) {
            try await $0.deleteVehicle($1, principal: $2, now: $3)
        }
    }

    func updateVehicle(
        request: ServerRequest<Maps_Fleetengine_V1_UpdateVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_Vehicle> {
        try await call.unary(request, context: context, as: UpdateVehicleRequest.self) {
            try await $0.updateVehicle($1, principal: $2, now: $3)
        }
    }

    func updateVehicleAttributes(
        request: ServerRequest<Maps_Fleetengine_V1_UpdateVehicleAttributesRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_UpdateVehicleAttributesResponse> {
        try await call.unary(request, context: context, as: UpdateVehicleAttributesRequest.self) {
            try await $0.updateVehicleAttributes($1, principal: $2, now: $3)
        }
    }

    func listVehicles(
        request: ServerRequest<Maps_Fleetengine_V1_ListVehiclesRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_ListVehiclesResponse> {
        try await call.unary(request, context: context, as: ListVehiclesRequest.self) {
            try await $0.listVehicles($1, principal: $2, now: $3)
        }
    }

    func searchVehicles(
        request: ServerRequest<Maps_Fleetengine_V1_SearchVehiclesRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_V1_SearchVehiclesResponse> {
        try await call.unary(request, context: context, as: SearchVehiclesRequest.self) {
            try await $0.searchVehicles($1, principal: $2, now: $3)
        }
    }
}
