import FleetModel

/// TripService over REST (`/v1/providers/{p}/trips…`).
extension FleetEngineClient {
    /// `GET /v1/providers/{p}/trips/{t}`, with the view, route versions (delta polling) and route format of
    /// `options`; the request's `name` and `header` are the client's own (`name`, its options' `requestHeader`).
    public func getTrip(
        _ name: TripName, options getOptions: GetTripRequest = .init()
    ) async throws(TripServiceError) -> Trip {
        try await getTripResponse(name, options: getOptions).message
    }

    /// GetTrip with the response's metadata (the server's `Date`), for followers that stamp what they observed.
    public func getTripResponse(
        _ name: TripName, options o: GetTripRequest = .init()
    ) async throws(TripServiceError) -> FleetResponse<Trip> {
        var fields = QueryEncoding()
        fields.add("view", o.view.isProtoDefault ? nil : queryValue(o.view))
        fields.add("currentRouteSegmentVersion", o.currentRouteSegmentVersion?.rfc3339)
        fields.add("remainingWaypointsVersion", o.remainingWaypointsVersion?.rfc3339)
        fields.add("routeFormatType", o.routeFormatType.isProtoDefault ? nil : queryValue(o.routeFormatType))
        fields.add("currentRouteSegmentTrafficVersion", o.currentRouteSegmentTrafficVersion?.rfc3339)
        fields.add("remainingWaypointsRouteVersion", o.remainingWaypointsRouteVersion?.rfc3339)
        let request = FleetRequest(
            method: .get, path: FleetRequest.path(provider: name.provider, collection: "trips", id: name.tripID),
            query: query(fields))
        return try await send(request, context: tripContext(name.tripID), as: Trip.self)
    }

    /// `POST /v1/providers/{p}/trips?tripId={t}`: creates the trip `name` (Fleet Engine uses only the fields a
    /// CreateTrip honours; it always starts NEW).
    public func createTrip(_ trip: Trip, name: TripName) async throws(TripServiceError) -> Trip {
        var fields = QueryEncoding()
        fields.add("tripId", name.tripID)
        let request = FleetRequest(
            method: .post, path: FleetRequest.path(provider: name.provider, collection: "trips"), query: query(fields),
            body: try body(trip))
        return try await send(request, context: tripContext(name.tripID), as: Trip.self).message
    }

    /// `PUT /v1/providers/{p}/trips/{t}?updateMask=…`: sets the fields named in `updateMask` (camelCase, e.g.
    /// `["tripStatus", "vehicleId"]`) from `trip`.
    public func updateTrip(_ trip: Trip, name: TripName, updateMask: [String]) async throws(TripServiceError) -> Trip {
        var fields = QueryEncoding()
        fields.add("updateMask", updateMask.joined(separator: ","))
        let request = FleetRequest(
            method: .put, path: FleetRequest.path(provider: name.provider, collection: "trips", id: name.tripID),
            query: query(fields), body: try body(trip))
        return try await send(request, context: tripContext(name.tripID), as: Trip.self).message
    }

    /// `POST /v1/providers/{p}/trips:search`.
    public func searchTrips(
        provider: String, _ search: SearchTripsRequest
    ) async throws(TripServiceError) -> SearchTripsResponse {
        let request = FleetRequest(
            method: .post, path: FleetRequest.path(provider: provider, collection: "trips:search"), query: query(),
            body: try body(search))
        let context = AuthTokenContext(vehicleID: search.vehicleId.nonEmpty, role: options.role)
        return try await send(request, context: context, as: SearchTripsResponse.self).message
    }

    private func tripContext(_ tripID: String) -> AuthTokenContext {
        AuthTokenContext(tripID: tripID, role: options.role)
    }
}
