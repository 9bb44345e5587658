import FleetModel

/// ListVehicles with every restriction Fleet Engine documents: state, trip types, capacity, type categories, current
/// trips, attributes (lists or a filter), a viewport and a staleness limit (``ListVehiclesCriteria``).
extension FleetMethods {
    func perform(
        _ request: ListVehiclesRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> ListVehiclesResponse {
        try Authorizer.authorize(principal, .listVehicles)
        let provider = try Self.provider(ofParent: request.parent)
        let size = try Self.pageSize(request.pageSize)
        let start = try Self.pageStart(request.pageToken)
        let criteria = try ListVehiclesCriteria(request)
        if let minimumCapacity = request.minimumCapacity, minimumCapacity < 1 {
            throw FleetError.invalidArgument("minimumCapacity must be at least 1")
        }
        let all = try await store.read { tx in try tx.vehicles(provider: provider) }
        let matching = all.filter { Self.matches($0, request) && criteria.matches($0, now: now) }
        let page = Self.page(of: matching, id: Self.id(of:), after: start, size: size)
        return ListVehiclesResponse(
            vehicles: page.items, nextPageToken: page.nextPageToken, totalSize: Int64(matching.count))
    }

    static func matches(_ v: Vehicle, _ request: ListVehiclesRequest) -> Bool {
        (request.vehicleState == .unknownVehicleState || v.vehicleState == request.vehicleState)
            && (request.tripTypes.isEmpty || v.supportedTripTypes.contains(where: request.tripTypes.contains))
            && (request.vehicleTypeCategories.isEmpty
                || v.vehicleType.map { request.vehicleTypeCategories.contains($0.category) } ?? false)
            && (request.minimumCapacity.map { v.maximumCapacity >= $0 } ?? true)
            && (!request.onTripOnly || !v.currentTrips.isEmpty)
    }

    static func id(of vehicle: Vehicle) -> String { ResourceID.last(in: vehicle.name) }
}
