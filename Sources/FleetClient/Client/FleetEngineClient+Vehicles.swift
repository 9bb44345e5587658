import FleetModel

/// VehicleService over REST (`/v1/providers/{p}/vehicles…`).
extension FleetEngineClient {
    /// `POST /v1/providers/{p}/vehicles?vehicleId={v}`.
    public func createVehicle(_ vehicle: Vehicle, name: VehicleName) async throws(TripServiceError) -> Vehicle {
        var fields = QueryEncoding()
        fields.add("vehicleId", name.vehicleID)
        let request = FleetRequest(
            method: .post, path: FleetRequest.path(provider: name.provider, collection: "vehicles"),
            query: query(fields), body: try body(vehicle))
        return try await send(request, context: vehicleContext(name.vehicleID), as: Vehicle.self).message
    }

    /// `GET /v1/providers/{p}/vehicles/{v}`, with the versions of `options` (its `name` and `header` are the
    /// client's own, as for ``getTrip(_:options:)``).
    public func getVehicle(
        _ name: VehicleName, options o: GetVehicleRequest = .init()
    ) async throws(TripServiceError) -> Vehicle {
        var fields = QueryEncoding()
        fields.add("currentRouteSegmentVersion", o.currentRouteSegmentVersion?.rfc3339)
        fields.add("waypointsVersion", o.waypointsVersion?.rfc3339)
        let request = FleetRequest(
            method: .get, path: FleetRequest.path(provider: name.provider, collection: "vehicles", id: name.vehicleID),
            query: query(fields))
        return try await send(request, context: vehicleContext(name.vehicleID), as: Vehicle.self).message
    }

    /// `PUT /v1/providers/{p}/vehicles/{v}?updateMask=…`: sets the fields named in `updateMask` from `vehicle`.
    public func updateVehicle(
        _ vehicle: Vehicle, name: VehicleName, updateMask: [String]
    ) async throws(TripServiceError) -> Vehicle {
        var fields = QueryEncoding()
        fields.add("updateMask", updateMask.joined(separator: ","))
        let request = FleetRequest(
            method: .put, path: FleetRequest.path(provider: name.provider, collection: "vehicles", id: name.vehicleID),
            query: query(fields), body: try body(vehicle))
        return try await send(request, context: vehicleContext(name.vehicleID), as: Vehicle.self).message
    }

    /// `GET /v1/providers/{p}/vehicles` with the request's fields as query parameters (GET has no body), as Google's
    /// HTTP transcoding reads them; unset fields (zero, empty) are left out.
    public func listVehicles(
        provider: String, _ list: ListVehiclesRequest = .init()
    ) async throws(TripServiceError) -> ListVehiclesResponse {
        var fields = QueryEncoding()
        fields.addPage(size: list.pageSize, token: list.pageToken)
        fields.add("minimumCapacity", list.minimumCapacity.map { String($0) })
        for type in list.tripTypes { fields.add("tripTypes", queryValue(type)) }
        fields.add("maximumStaleness", list.maximumStaleness?.protoText)
        for category in list.vehicleTypeCategories { fields.add("vehicleTypeCategories", queryValue(category)) }
        for attribute in list.requiredAttributes { fields.add("requiredAttributes", attribute) }
        for attributes in list.requiredOneOfAttributes { fields.add("requiredOneOfAttributes", attributes) }
        for set in list.requiredOneOfAttributeSets { fields.add("requiredOneOfAttributeSets", set) }
        fields.add("vehicleState", list.vehicleState == .unknownVehicleState ? nil : queryValue(list.vehicleState))
        fields.add("onTripOnly", list.onTripOnly ? "true" : nil)
        fields.add("filter", list.filter.nonEmpty)
        fields.addViewport(list.viewport)
        let request = FleetRequest(
            method: .get, path: FleetRequest.path(provider: provider, collection: "vehicles"), query: query(fields))
        return try await send(request, context: AuthTokenContext(role: options.role), as: ListVehiclesResponse.self)
            .message
    }

    /// `POST /v1/providers/{p}/vehicles:search`: the vehicles that could serve a trip, best first (a server token).
    public func searchVehicles(
        provider: String, _ search: SearchVehiclesRequest
    ) async throws(TripServiceError) -> SearchVehiclesResponse {
        let request = FleetRequest(
            method: .post, path: FleetRequest.path(provider: provider, collection: "vehicles:search"), query: query(),
            body: try body(search))
        return try await send(request, context: AuthTokenContext(role: options.role), as: SearchVehiclesResponse.self)
            .message
    }

    private func vehicleContext(_ vehicleID: String) -> AuthTokenContext {
        AuthTokenContext(vehicleID: vehicleID, role: options.role)
    }
}
