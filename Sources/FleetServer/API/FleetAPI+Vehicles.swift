import FleetModel
import Foundation
import Hummingbird

extension FleetAPI {
    func createVehicle(_ call: Call, parent: String, request: inout Request) async throws -> Vehicle {
        try Authorizer.authorize(call.principal, .createVehicle)
        let provider = Self.provider(of: parent)
        guard let vehicleID = call.query["vehicleId"], !vehicleID.isEmpty else {
            throw FleetError.invalidArgument("vehicleId is required: pass it as the vehicleId query parameter")
        }
        let name = try Self.vehicleName(provider, vehicleID)
        let input = try await body(&request, as: Vehicle.self, field: "vehicle")
        let vehicle = try VehicleService.create(input, name: name, now: call.now)
        try await store.write { tx in
            guard try tx.insert(vehicle, as: name) else {
                throw FleetError(.alreadyExists, "vehicle \(name) already exists")
            }
        }
        return vehicle
    }

    func getVehicle(_ call: Call, _ name: VehicleName) async throws -> Vehicle {
        try Authorizer.authorize(call.principal, .getVehicle(vehicleID: name.vehicleID))
        let segmentVersion = try call.query.timestamp("currentRouteSegmentVersion")
        let waypointsVersion = try call.query.timestamp("waypointsVersion")
        guard var vehicle = try await store.read({ tx in try tx.vehicle(name) }) else {
            throw FleetError.notFound("vehicle \(name) not found")
        }
        // Delta polling, as for trips: what has not changed since the caller's version is left out.
        if let known = segmentVersion, let version = vehicle.currentRouteSegmentVersion, version <= known {
            vehicle.currentRouteSegment = ""
        }
        if let known = waypointsVersion, let version = vehicle.waypointsVersion, version <= known {
            vehicle.waypoints = []
        }
        return vehicle
    }

    func updateVehicle(_ call: Call, _ name: VehicleName, request: inout Request) async throws -> Vehicle {
        try Authorizer.authorize(call.principal, .updateVehicle(vehicleID: name.vehicleID))
        let mask = try FieldMask(parsing: call.query["updateMask"])
        let patch = try await body(&request, as: Vehicle.self, field: "vehicle")
        let now = call.now
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

    func deleteVehicle(_ call: Call, _ name: VehicleName) async throws -> EmptyMessage {
        try Authorizer.authorize(call.principal, .deleteVehicle)
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

    /// ListVehicles with the filters that need no road network: state, trip types, capacity, type categories.
    func listVehicles(_ call: Call, parent: String) async throws -> ListVehiclesResponse {
        try Authorizer.authorize(call.principal, .listVehicles)
        let provider = Self.provider(of: parent)
        let query = call.query
        let size = try Self.pageSize(try query.int32("pageSize") ?? 0)
        let start = try Self.pageStart(query["pageToken"] ?? "")
        let state = try query.enumValue("vehicleState", as: VehicleState.self)
        let tripTypes = try query.enumValues("tripTypes", as: TripType.self)
        let categories = try query.enumValues("vehicleTypeCategories", as: VehicleType.Category.self)
        let minimumCapacity = try query.int32("minimumCapacity")
        if let minimumCapacity, minimumCapacity < 1 {
            throw FleetError.invalidArgument("minimumCapacity must be at least 1")
        }
        let onTrip: Bool? = try query["onTrip"].map { text in
            switch text {
            case "true": return true
            case "false": return false
            default: throw FleetError.invalidArgument("Invalid value at 'onTrip' (TYPE_BOOL): \"\(text)\"")
            }
        }
        let all = try await store.read { tx in try tx.vehicles(provider: provider) }
        let matching = all.filter { v in
            (state.map { $0 == .unknownVehicleState || v.vehicleState == $0 } ?? true)
                && (tripTypes.isEmpty || v.supportedTripTypes.contains(where: tripTypes.contains))
                && (categories.isEmpty || v.vehicleType.map { categories.contains($0.category) } ?? false)
                && (minimumCapacity.map { v.maximumCapacity >= $0 } ?? true)
                && (onTrip.map { $0 == !v.currentTrips.isEmpty } ?? true)
        }
        let page = matching.filter { id(of: $0) > start }
        let vehicles = Array(page.prefix(size))
        let next = page.count > size ? Self.pageToken(after: id(of: vehicles[vehicles.count - 1])) : ""
        return ListVehiclesResponse(vehicles: vehicles, nextPageToken: next, totalSize: Int64(matching.count))
    }

    private func id(of vehicle: Vehicle) -> String { String(vehicle.name.split(separator: "/").last ?? "") }
}
