import FleetModel

/// VehicleService's UpdateVehicleAttributes: attributes merged into the vehicle's by key.
extension FleetMethods {
    /// Sets each attribute of the request on the vehicle — replacing the one with its key, or added after the others
    /// — and leaves the rest as they are (UpdateVehicle's `attributes` replaces the whole list instead). The answer
    /// is the vehicle's whole list. The attributes are checked as UpdateVehicle checks them, and so is the list they
    /// make. Only a server token may call it: changing what dispatch matches on is the provider's business.
    func perform(
        _ request: UpdateVehicleAttributesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> UpdateVehicleAttributesResponse {
        let name = try Self.vehicleName(request.name)
        try Authorizer.authorize(principal, .updateVehicleAttributes(vehicleID: name.vehicleID))
        guard !request.attributes.isEmpty else {
            throw FleetError.invalidArgument("attributes is required: the attributes to set")
        }
        try VehicleService.validateAttributes(request.attributes, field: "attributes")
        return try await store.write { tx in
            guard var vehicle = try tx.vehicle(name) else { throw FleetError.notFound("vehicle \(name) not found") }
            let merged = VehicleService.merge(request.attributes, into: vehicle.attributes)
            guard merged.count <= VehicleService.maxAttributes else {
                throw FleetError.invalidArgument(
                    "attributes: vehicle \(name) would have \(merged.count) attributes; at most "
                        + "\(VehicleService.maxAttributes) are allowed")
            }
            vehicle.attributes = merged
            try tx.replace(vehicle, as: name)
            return UpdateVehicleAttributesResponse(attributes: merged)
        }
    }
}
