import FleetEngineProto
import FleetModel
import Foundation
import SwiftProtobuf

@testable import FleetServer
@testable import FleetServerGRPC

extension FuzzTarget {
    /// What `tripterm serve` does with a gRPC request before its store: the protobuf message as grpc-swift decodes
    /// it, the unknown-field check and the generated conversion into FleetModel's message (``ProtoBridge``), then the same rules as
    /// `server-request`. The first byte picks the method, the rest is the message. Invariant: a message that crosses
    /// the bridge crosses back unchanged, so nothing a client sends is lost or altered on the way.
    static let grpcRequest = FuzzTarget(
        name: "grpc-request",
        summary: "protobuf requests, UnknownFieldFinder, ProtoBridge, Trip/Vehicle/Task/DeliveryVehicleService"
    ) { data in
        guard let selector = data.first else { return }
        let bytes = Data(data.dropFirst())
        let methods = grpcMethods
        do {
            if let request = try methods[Int(selector) % methods.count](bytes) { try applyRules(request) }
        } catch let error as FleetError {
            invariant(!error.message.isEmpty, "a FleetError without a message")
        } catch is BinaryDecodingError {
            // Not a message: grpc-swift answers INVALID_ARGUMENT before any of this runs.
        } catch {
            invariant(false, "a gRPC request threw something other than FleetError: \(error)")
        }
    }

    /// Each method's request, decoded and bridged (nil for those whose rules need the store).
    private static let grpcMethods: [@Sendable (Data) throws -> TypedRequest?] = [
        { .createTrip(try bridged($0, Maps_Fleetengine_V1_CreateTripRequest.self, CreateTripRequest.self)) },
        { .getTrip(try bridged($0, Maps_Fleetengine_V1_GetTripRequest.self, GetTripRequest.self)) },
        { .updateTrip(try bridged($0, Maps_Fleetengine_V1_UpdateTripRequest.self, UpdateTripRequest.self)) },
        {
            _ = try bridged($0, Maps_Fleetengine_V1_DeleteTripRequest.self, DeleteTripRequest.self)
            return .deleteTrip
        },
        { .searchTrips(try bridged($0, Maps_Fleetengine_V1_SearchTripsRequest.self, SearchTripsRequest.self)) },
        {
            .reportBillableTrip(
                try bridged($0, Maps_Fleetengine_V1_ReportBillableTripRequest.self, ReportBillableTripRequest.self))
        },
        { .createVehicle(try bridged($0, Maps_Fleetengine_V1_CreateVehicleRequest.self, CreateVehicleRequest.self)) },
        {
            _ = try bridged($0, Maps_Fleetengine_V1_GetVehicleRequest.self, GetVehicleRequest.self)
            return nil
        },
        {
            _ = try bridged($0, Maps_Fleetengine_V1_DeleteVehicleRequest.self, DeleteVehicleRequest.self)
            return nil
        },
        { .updateVehicle(try bridged($0, Maps_Fleetengine_V1_UpdateVehicleRequest.self, UpdateVehicleRequest.self)) },
        {
            .updateVehicleAttributes(
                try bridged(
                    $0, Maps_Fleetengine_V1_UpdateVehicleAttributesRequest.self, UpdateVehicleAttributesRequest.self))
        },
        { .listVehicles(try bridged($0, Maps_Fleetengine_V1_ListVehiclesRequest.self, ListVehiclesRequest.self)) },
        {
            .searchVehicles(try bridged($0, Maps_Fleetengine_V1_SearchVehiclesRequest.self, SearchVehiclesRequest.self))
        },
        {
            .createDeliveryVehicle(
                try bridged(
                    $0, Maps_Fleetengine_Delivery_V1_CreateDeliveryVehicleRequest.self,
                    CreateDeliveryVehicleRequest.self))
        },
        {
            .updateDeliveryVehicle(
                try bridged(
                    $0, Maps_Fleetengine_Delivery_V1_UpdateDeliveryVehicleRequest.self,
                    UpdateDeliveryVehicleRequest.self))
        },
        {
            .listDeliveryVehicles(
                try bridged(
                    $0, Maps_Fleetengine_Delivery_V1_ListDeliveryVehiclesRequest.self, ListDeliveryVehiclesRequest.self)
            )
        },
        { .createTask(try bridged($0, Maps_Fleetengine_Delivery_V1_CreateTaskRequest.self, CreateTaskRequest.self)) },
        {
            .batchCreateTasks(
                try bridged($0, Maps_Fleetengine_Delivery_V1_BatchCreateTasksRequest.self, BatchCreateTasksRequest.self)
            )
        },
        { .updateTask(try bridged($0, Maps_Fleetengine_Delivery_V1_UpdateTaskRequest.self, UpdateTaskRequest.self)) },
        { .listTasks(try bridged($0, Maps_Fleetengine_Delivery_V1_ListTasksRequest.self, ListTasksRequest.self)) },
        {
            let get = try bridged(
                $0, Maps_Fleetengine_Delivery_V1_GetTaskTrackingInfoRequest.self, GetTaskTrackingInfoRequest.self)
            return .trackTask(try FleetMethods.name(TaskTrackingInfoName.self, get.name))
        },
    ]

    private static func bridged<P: SwiftProtobuf.Message, T: ProtobufConvertible>(
        _ bytes: Data, _: P.Type, _: T.Type
    ) throws -> T where T.Protobuf == P {
        let message = try P(serializedBytes: bytes)
        let typed = try ProtoBridge.request(message, as: T.self)
        let back = typed.protobuf
        // Text format, not ==: NaN is not equal to itself, and its text is.
        invariant(
            back.textFormatString() == message.textFormatString(),
            "\(P.protoMessageName) changed crossing the bridge:\n\(message.textFormatString())\n→\n\(back.textFormatString())"
        )
        return typed
    }
}
