import FleetEngineProto
import GRPCCore
import SwiftProtobuf
import Testing

/// The generated services name every method of Google's TripService and VehicleService (as the
/// `google-maps-fleetengine` 0.6.1 gRPC transports call them), unary, with Google's request and response types.
@Suite struct ServiceDescriptorTests {
    @Test func tripServiceHasEveryMethod() {
        let methods: [(MethodDescriptor, any Message.Type, any Message.Type)] = [
            descriptor(Maps_Fleetengine_V1_TripService.Method.CreateTrip.self),
            descriptor(Maps_Fleetengine_V1_TripService.Method.GetTrip.self),
            descriptor(Maps_Fleetengine_V1_TripService.Method.DeleteTrip.self),
            descriptor(Maps_Fleetengine_V1_TripService.Method.ReportBillableTrip.self),
            descriptor(Maps_Fleetengine_V1_TripService.Method.SearchTrips.self),
            descriptor(Maps_Fleetengine_V1_TripService.Method.UpdateTrip.self),
        ]
        #expect(Maps_Fleetengine_V1_TripService.descriptor.fullyQualifiedService == "maps.fleetengine.v1.TripService")
        #expect(
            Maps_Fleetengine_V1_TripService.Method.descriptors.map(\.fullyQualifiedMethod) == [
                "maps.fleetengine.v1.TripService/CreateTrip",
                "maps.fleetengine.v1.TripService/GetTrip",
                "maps.fleetengine.v1.TripService/DeleteTrip",
                "maps.fleetengine.v1.TripService/ReportBillableTrip",
                "maps.fleetengine.v1.TripService/SearchTrips",
                "maps.fleetengine.v1.TripService/UpdateTrip",
            ]
        )
        #expect(
            signatures(methods) == [
                "CreateTrip(maps.fleetengine.v1.CreateTripRequest) -> maps.fleetengine.v1.Trip",
                "GetTrip(maps.fleetengine.v1.GetTripRequest) -> maps.fleetengine.v1.Trip",
                "DeleteTrip(maps.fleetengine.v1.DeleteTripRequest) -> google.protobuf.Empty",
                "ReportBillableTrip(maps.fleetengine.v1.ReportBillableTripRequest) -> google.protobuf.Empty",
                "SearchTrips(maps.fleetengine.v1.SearchTripsRequest) -> maps.fleetengine.v1.SearchTripsResponse",
                "UpdateTrip(maps.fleetengine.v1.UpdateTripRequest) -> maps.fleetengine.v1.Trip",
            ]
        )
        #expect(methods.allSatisfy { $0.0.type == .unary })
    }

    @Test func vehicleServiceHasEveryMethod() {
        typealias Method = Maps_Fleetengine_V1_VehicleService.Method
        let methods: [(MethodDescriptor, any Message.Type, any Message.Type)] = [
            descriptor(Method.CreateVehicle.self),
            descriptor(Method.GetVehicle.self),
            descriptor(Method.DeleteVehicle.self),
            descriptor(Method.UpdateVehicle.self),
            descriptor(Method.UpdateVehicleAttributes.self),
            descriptor(Method.ListVehicles.self),
            descriptor(Method.SearchVehicles.self),
        ]
        #expect(Method.descriptors == methods.map(\.0))
        #expect(
            signatures(methods) == [
                "CreateVehicle(maps.fleetengine.v1.CreateVehicleRequest) -> maps.fleetengine.v1.Vehicle",
                "GetVehicle(maps.fleetengine.v1.GetVehicleRequest) -> maps.fleetengine.v1.Vehicle",
                "DeleteVehicle(maps.fleetengine.v1.DeleteVehicleRequest) -> google.protobuf.Empty",
                "UpdateVehicle(maps.fleetengine.v1.UpdateVehicleRequest) -> maps.fleetengine.v1.Vehicle",
                "UpdateVehicleAttributes(maps.fleetengine.v1.UpdateVehicleAttributesRequest)"
                    + " -> maps.fleetengine.v1.UpdateVehicleAttributesResponse",
                "ListVehicles(maps.fleetengine.v1.ListVehiclesRequest) -> maps.fleetengine.v1.ListVehiclesResponse",
                "SearchVehicles(maps.fleetengine.v1.SearchVehiclesRequest)"
                    + " -> maps.fleetengine.v1.SearchVehiclesResponse",
            ]
        )
        #expect(methods.allSatisfy { $0.0.service.fullyQualifiedService == "maps.fleetengine.v1.VehicleService" })
        #expect(methods.allSatisfy { $0.0.type == .unary })
    }

    private func signatures(_ methods: [(MethodDescriptor, any Message.Type, any Message.Type)]) -> [String] {
        methods.map { "\($0.0.method)(\($0.1.protoMessageName)) -> \($0.2.protoMessageName)" }
    }
}

/// What the generated code declares for one method: the gRPC descriptor and its request and response types.
protocol GeneratedMethod {
    associatedtype Input: Message
    associatedtype Output: Message
    static var descriptor: MethodDescriptor { get }
}

private func descriptor<M: GeneratedMethod>(_ method: M.Type) -> (MethodDescriptor, any Message.Type, any Message.Type)
{
    (M.descriptor, M.Input.self, M.Output.self)
}

extension Maps_Fleetengine_V1_TripService.Method.CreateTrip: GeneratedMethod {}
extension Maps_Fleetengine_V1_TripService.Method.GetTrip: GeneratedMethod {}
extension Maps_Fleetengine_V1_TripService.Method.DeleteTrip: GeneratedMethod {}
extension Maps_Fleetengine_V1_TripService.Method.ReportBillableTrip: GeneratedMethod {}
extension Maps_Fleetengine_V1_TripService.Method.SearchTrips: GeneratedMethod {}
extension Maps_Fleetengine_V1_TripService.Method.UpdateTrip: GeneratedMethod {}
extension Maps_Fleetengine_V1_VehicleService.Method.CreateVehicle: GeneratedMethod {}
extension Maps_Fleetengine_V1_VehicleService.Method.GetVehicle: GeneratedMethod {}
extension Maps_Fleetengine_V1_VehicleService.Method.DeleteVehicle: GeneratedMethod {}
extension Maps_Fleetengine_V1_VehicleService.Method.UpdateVehicle: GeneratedMethod {}
extension Maps_Fleetengine_V1_VehicleService.Method.UpdateVehicleAttributes: GeneratedMethod {}
extension Maps_Fleetengine_V1_VehicleService.Method.ListVehicles: GeneratedMethod {}
extension Maps_Fleetengine_V1_VehicleService.Method.SearchVehicles: GeneratedMethod {}
