import FleetModel

/// VehicleService: CreateVehicle, GetVehicle, UpdateVehicle, DeleteVehicle (ListVehicles has a file of its own).
extension FleetMethods {
    func perform(
        _ request: CreateVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> Vehicle {
        try Authorizer.authorize(principal, .createVehicle)
        let provider = try Self.provider(ofParent: request.parent)
        guard !request.vehicleId.isEmpty else { throw FleetError.invalidArgument("vehicleId is required") }
        let name = try Self.vehicleName(provider: provider, id: request.vehicleId)
        let vehicle = try VehicleService.create(request.vehicle ?? Vehicle(), name: name, now: now)
        try await store.write { tx in
            guard try tx.insert(vehicle, as: name) else {
                throw FleetError(.alreadyExists, "vehicle \(name) already exists")
            }
        }
        return vehicle
    }

    func perform(
        _ request: GetVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> Vehicle {
        let name = try Self.vehicleName(request.name)
        try Authorizer.authorize(principal, .getVehicle(vehicleID: name.vehicleID))
        guard var vehicle = try await store.read({ tx in try tx.vehicle(name) }) else {
            throw FleetError.notFound("vehicle \(name) not found")
        }
        // Delta polling, as for trips: what has not changed since the caller's version is left out.
        if let known = request.currentRouteSegmentVersion, let version = vehicle.currentRouteSegmentVersion,
            version <= known
        {
            vehicle.currentRouteSegment = ""
        }
        if let known = request.waypointsVersion, let version = vehicle.waypointsVersion, version <= known {
            vehicle.waypoints = []
        }
        return vehicle
    }

    func perform(
        _ request: UpdateVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> Vehicle {
        let name = try Self.vehicleName(request.name)
        try Authorizer.authorize(principal, .updateVehicle(vehicleID: name.vehicleID))
        let mask = try Self.fieldMask(request.updateMask)
        let patch = request.vehicle ?? Vehicle()
        // A driver reports every few seconds: its vehicle is then read from memory, not from its row.
        try await store.index(provider: name.provider)
        return try await store.write { tx in
            guard let current = try tx.vehicle(name) else { throw FleetError.notFound("vehicle \(name) not found") }
            var updated = try VehicleService.update(current, with: patch, mask: mask, now: now)
            if mask.contains("waypoints") {
                try VehicleService.validateWaypointOrder(patch.waypoints, against: current.waypoints)
                if updated.waypoints != current.waypoints { updated.waypointsVersion = now }
            }
            try tx.replace(updated, as: name)
            return updated
        }
    }

    func perform(
        _ request: DeleteVehicleRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try Authorizer.authorize(principal, .deleteVehicle)
        let name = try Self.vehicleName(request.name)
        try await store.write { tx in
            guard try tx.vehicle(name) != nil else { throw FleetError.notFound("vehicle \(name) not found") }
            let active = try tx.trips(provider: name.provider, vehicleID: name.vehicleID, activeOnly: true)
            if let trip = active.first {
                throw FleetError.failedPrecondition(
                    "vehicle \(name) has active trips (\(trip.name)\(active.count > 1 ? " and \(active.count - 1) more" : "")): complete, cancel or reassign them first"
                )
            }
            try tx.deleteVehicle(name)
        }
        return EmptyMessage()
    }
}
