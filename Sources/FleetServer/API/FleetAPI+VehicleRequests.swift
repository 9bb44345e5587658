import FleetModel
import Foundation

/// VehicleService's REST requests as their messages, as Google's HTTP transcoding reads them: the name or parent
/// from the path, `vehicle` (or the whole message) from the body, every other field from the query.
extension FleetAPI {
    static func createVehicleRequest(
        parent: String, query: QueryParameters, body: Data
    ) throws(FleetError) -> CreateVehicleRequest {
        CreateVehicleRequest(
            header: try query.header(), parent: parent, vehicleId: query["vehicleId"] ?? "",
            vehicle: try decode(body, as: Vehicle.self, field: "vehicle"))
    }

    static func getVehicleRequest(_ name: VehicleName, query: QueryParameters) throws(FleetError) -> GetVehicleRequest {
        GetVehicleRequest(
            header: try query.header(), name: name.description,
            currentRouteSegmentVersion: try query.timestamp("currentRouteSegmentVersion"),
            waypointsVersion: try query.timestamp("waypointsVersion"))
    }

    static func updateVehicleRequest(
        _ name: VehicleName, query: QueryParameters, body: Data
    ) throws(FleetError) -> UpdateVehicleRequest {
        UpdateVehicleRequest(
            header: try query.header(), name: name.description,
            vehicle: try decode(body, as: Vehicle.self, field: "vehicle"),
            updateMask: query["updateMask"].map(ProtoFieldMask.init(text:)))
    }

    /// Every field is a query parameter. `onTrip`, which this server took before it took Google's `onTripOnly`, is
    /// read as `onTripOnly`.
    static func listVehiclesRequest(parent: String, query: QueryParameters) throws(FleetError) -> ListVehiclesRequest {
        let onTripOnly = try query.bool("onTripOnly")
        let onTrip = try query.bool("onTrip")
        return ListVehiclesRequest(
            header: try query.header(), parent: parent, pageSize: try query.int32("pageSize") ?? 0,
            pageToken: query["pageToken"] ?? "", minimumCapacity: try query.int32("minimumCapacity"),
            tripTypes: try query.enumValues("tripTypes", as: TripType.self),
            maximumStaleness: try query.duration("maximumStaleness"),
            vehicleTypeCategories: try query.enumValues("vehicleTypeCategories", as: Vehicle.VehicleType.Category.self),
            requiredAttributes: query.strings("requiredAttributes"),
            requiredOneOfAttributes: query.strings("requiredOneOfAttributes"),
            requiredOneOfAttributeSets: query.strings("requiredOneOfAttributeSets"),
            vehicleState: try query.enumValue("vehicleState", as: VehicleState.self) ?? .unknownVehicleState,
            onTripOnly: onTripOnly ?? onTrip ?? false, filter: query["filter"] ?? "",
            viewport: try query.viewport())
    }
}
