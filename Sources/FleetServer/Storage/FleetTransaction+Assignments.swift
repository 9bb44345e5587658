import FleetModel

extension FleetTransaction {
    /// Brings the given vehicles' `currentTrips` and `waypoints` in line with their active trips after a trip
    /// was created, changed or deleted. The waypoint version moves only when the order really changed; when the
    /// next stop changed, the vehicle's reported route to the old one is dropped until it reports again.
    func syncAssignments(
        provider: String, vehicleIDs: [String], explicitOrder: (vehicleID: String, waypoints: [TripWaypoint])? = nil,
        now: ProtoTimestamp
    ) throws {
        for vehicleID in Set(vehicleIDs) where !vehicleID.isEmpty {
            guard let name = try? VehicleName(provider: provider, vehicleID: vehicleID),
                var vehicle = try self.vehicle(name)
            else { continue }
            let active = try trips(provider: provider, vehicleID: vehicleID, activeOnly: true)
            let ids = active.map(TripWaypoints.tripID)
            let ordered = vehicle.currentTrips.filter(ids.contains) + ids.filter { !vehicle.currentTrips.contains($0) }
            let trips = ordered.compactMap { id in active.first { TripWaypoints.tripID($0) == id } }
            let explicit = explicitOrder?.vehicleID == vehicleID ? explicitOrder?.waypoints : nil
            let waypoints = TripWaypoints.vehicleOrder(current: vehicle.waypoints, trips: trips, explicit: explicit)
            var changed = false
            if ordered != vehicle.currentTrips {
                vehicle.currentTrips = ordered
                changed = true
            }
            if waypoints != vehicle.waypoints {
                if let old = vehicle.waypoints.first, waypoints.first.map({ !TripWaypoints.same($0, old) }) ?? true {
                    vehicle.currentRouteSegment = ""
                    vehicle.currentRouteSegmentTraffic = nil
                    vehicle.currentRouteSegmentEndPoint = nil
                    vehicle.currentRouteSegmentVersion = now
                    vehicle.remainingDistanceMeters = nil
                    vehicle.etaToFirstWaypoint = nil
                }
                vehicle.waypoints = waypoints
                vehicle.waypointsVersion = now
                changed = true
            }
            if changed { try replace(vehicle, as: name) }
        }
    }
}
