import FleetModel
import Foundation

/// TripService's REST requests as their messages, as Google's HTTP transcoding reads them: the name or parent from
/// the path, `trip` (or the whole message) from the body, every other field from the query.
extension FleetAPI {
    static func createTripRequest(
        parent: String, query: QueryParameters, body: Data
    ) throws(FleetError) -> CreateTripRequest {
        CreateTripRequest(
            header: try query.header(), parent: parent, tripId: query["tripId"] ?? "",
            trip: try decode(body, as: Trip.self, field: "trip"))
    }

    static func getTripRequest(_ name: TripName, query: QueryParameters) throws(FleetError) -> GetTripRequest {
        GetTripRequest(
            header: try query.header(), name: name.description,
            view: try query.enumValue("view", as: TripView.self) ?? .tripViewUnspecified,
            currentRouteSegmentVersion: try query.timestamp("currentRouteSegmentVersion"),
            remainingWaypointsVersion: try query.timestamp("remainingWaypointsVersion"),
            routeFormatType: try query.enumValue("routeFormatType", as: PolylineFormatType.self)
                ?? .unknownFormatType,
            currentRouteSegmentTrafficVersion: try query.timestamp("currentRouteSegmentTrafficVersion"),
            remainingWaypointsRouteVersion: try query.timestamp("remainingWaypointsRouteVersion"))
    }

    static func updateTripRequest(
        _ name: TripName, query: QueryParameters, body: Data
    ) throws(FleetError) -> UpdateTripRequest {
        UpdateTripRequest(
            header: try query.header(), name: name.description, trip: try decode(body, as: Trip.self, field: "trip"),
            updateMask: query["updateMask"].map(ProtoFieldMask.init(text:)))
    }

    /// The body is the whole message; a `parent` in it gives way to the path's.
    static func searchTripsRequest(parent: String, body: Data) throws(FleetError) -> SearchTripsRequest {
        var search = try decode(body, as: SearchTripsRequest.self, field: "")
        search.parent = parent
        return search
    }
}
