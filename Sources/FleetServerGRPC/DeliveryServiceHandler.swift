import FleetEngineProto
import FleetModel
import FleetServer
import Foundation
import GRPCCore
import SwiftProtobuf

/// `maps.fleetengine.delivery.v1.DeliveryService` over gRPC: each method is ``GRPCCall`` around the
/// ``FleetServer/FleetMethods`` function REST calls too.
struct DeliveryServiceHandler: Maps_Fleetengine_Delivery_V1_DeliveryService.ServiceProtocol {
    let call: GRPCCall

    func createDeliveryVehicle(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_CreateDeliveryVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_DeliveryVehicle> {
        try await call.unary(request, context: context, as: CreateDeliveryVehicleRequest.self) {
            try await $0.createDeliveryVehicle($1, principal: $2, now: $3)
        }
    }

    func getDeliveryVehicle(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_GetDeliveryVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_DeliveryVehicle> {
        try await call.unary(request, context: context, as: GetDeliveryVehicleRequest.self) {
            try await $0.getDeliveryVehicle($1, principal: $2, now: $3)
        }
    }

    func deleteDeliveryVehicle(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_DeleteDeliveryVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Protobuf_Empty> {
        try await call.unary(request, context: context, as: DeleteDeliveryVehicleRequest.self) {
            try await $0.deleteDeliveryVehicle($1, principal: $2, now: $3)
        }
    }

    func updateDeliveryVehicle(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_UpdateDeliveryVehicleRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_DeliveryVehicle> {
        try await call.unary(request, context: context, as: UpdateDeliveryVehicleRequest.self) {
            try await $0.updateDeliveryVehicle($1, principal: $2, now: $3)
        }
    }

    func batchCreateTasks(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_BatchCreateTasksRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_BatchCreateTasksResponse> {
        try await call.unary(request, context: context, as: BatchCreateTasksRequest.self) {
            try await $0.batchCreateTasks($1, principal: $2, now: $3)
        }
    }

    func createTask(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_CreateTaskRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_Task> {
        try await call.unary(request, context: context, as: CreateTaskRequest.self) {
            try await $0.createTask($1, principal: $2, now: $3)
        }
    }

    func getTask(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_GetTaskRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_Task> {
        try await call.unary(request, context: context, as: GetTaskRequest.self) {
            try await $0.getTask($1, principal: $2, now: $3)
        }
    }

    func deleteTask(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_DeleteTaskRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Protobuf_Empty> {
        try await call.unary(request, context: context, as: DeleteTaskRequest.self) {
            try await $0.deleteTask($1, principal: $2, now: $3)
        }
    }

    func updateTask(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_UpdateTaskRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_Task> {
        try await call.unary(request, context: context, as: UpdateTaskRequest.self) {
            try await $0.updateTask($1, principal: $2, now: $3)
        }
    }

    func listTasks(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_ListTasksRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_ListTasksResponse> {
        try await call.unary(request, context: context, as: ListTasksRequest.self) {
            try await $0.listTasks($1, principal: $2, now: $3)
        }
    }

    /// Through the answer cache, as REST's: every consumer of a shipment polls it (``GRPCCall/cacheKey(_:)``).
    func getTaskTrackingInfo(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_GetTaskTrackingInfoRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_TaskTrackingInfo> {
        try await call.answering(context) {
            let principal = try await call.authenticate(request.metadata)
            let key = try call.cacheKey(request.message)
            let get = try ProtoBridge.request(request.message, as: GetTaskTrackingInfoRequest.self)
            let answer = try await call.core.methods.getTaskTrackingInfoAnswer(
                get, principal: principal, now: call.core.now, cacheKey: key
            ) { answer in try answer.message.protobuf.serializedData() }
            return ServerResponse(message: try Maps_Fleetengine_Delivery_V1_TaskTrackingInfo(serializedBytes: answer))
        }
    }

    func listDeliveryVehicles(
        request: ServerRequest<Maps_Fleetengine_Delivery_V1_ListDeliveryVehiclesRequest>, context: ServerContext
    ) async throws -> ServerResponse<Maps_Fleetengine_Delivery_V1_ListDeliveryVehiclesResponse> {
        try await call.unary(request, context: context, as: ListDeliveryVehiclesRequest.self) {
            try await $0.listDeliveryVehicles($1, principal: $2, now: $3)
        }
    }
}
