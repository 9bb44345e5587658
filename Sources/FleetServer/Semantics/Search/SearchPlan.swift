import FleetModel

/// How an eligible vehicle would reach the searched pickup: its match type and the stops it makes first.
struct SearchPlan: Sendable {
    var matchType: VehicleMatch.VehicleMatchType
    /// Where the vehicle is now.
    var origin: LatLng
    /// The stops before the pickup: every remaining stop for a back-to-back match, the waiting riders' pickups for
    /// a carpool.
    var stops: [LatLng]

    /// The eligibility rules of SearchVehicles for one vehicle, or nil when it cannot serve the trip. `trips` are
    /// the vehicle's active trips other than the searched one.
    static func make(
        _ vehicle: Vehicle, trips: [Trip], criteria: SearchCriteria, now: ProtoTimestamp
    ) -> SearchPlan? {
        guard vehicle.vehicleState == .online, vehicle.supportedTripTypes.contains(criteria.tripType),
            let category = vehicle.vehicleType?.category, criteria.categories.contains(category),
            vehicle.maximumCapacity >= criteria.minimumCapacity,
            let location = vehicle.lastLocation, let origin = location.location,
            let reported = location.serverTime ?? location.updateTime,
            now - reported <= criteria.maximumStaleness.duration,
            criteria.attributes.matches(vehicle.attributes)
        else { return nil }
        if trips.isEmpty { return SearchPlan(matchType: .exclusive, origin: origin, stops: []) }
        let remaining = remainingStops(vehicle, trips: trips)
        switch criteria.request.currentTripsPresent {
        case .currentTripsPresentUnspecified:
            // includeBackToBack admits a vehicle finishing its one trip (already past the pickup).
            guard criteria.request.includeBackToBack, vehicle.backToBackEnabled, trips.count == 1,
                trips[0].tripStatus == .enrouteToDropoff
            else { return nil }
            return SearchPlan(matchType: .backToBack, origin: origin, stops: remaining.map(\.point))
        case .none:
            return nil
        case .any:
            guard trips.count <= SearchCriteria.maximumCurrentTrips,
                remaining.count <= SearchCriteria.maximumWaypoints
            else { return nil }
            if criteria.tripType == .shared, trips.allSatisfy({ $0.tripType == .shared }) {
                let riders = trips.reduce(Int32(0)) { $0 + max(1, $1.numberOfPassengers) }
                if vehicle.maximumCapacity - riders >= criteria.minimumCapacity {
                    let pickups = remaining.filter { $0.type == .pickupWaypointType }.map(\.point)
                    return SearchPlan(matchType: .carpool, origin: origin, stops: pickups)
                }
            }
            guard vehicle.backToBackEnabled else { return nil }
            return SearchPlan(
                matchType: criteria.tripType == .shared ? .carpoolBackToBack : .backToBack, origin: origin,
                stops: remaining.map(\.point))
        }
    }

    /// The vehicle's remaining stops for these trips: its server-kept `waypoints` order, else each trip's own.
    static func remainingStops(_ vehicle: Vehicle, trips: [Trip]) -> [(point: LatLng, type: WaypointType)] {
        let ids = Set(trips.map(TripWaypoints.tripID))
        var waypoints = vehicle.waypoints.filter { ids.contains($0.tripId) }
        if waypoints.isEmpty { waypoints = trips.flatMap(TripWaypoints.remaining) }
        return waypoints.compactMap { w in w.location?.point.map { (point: $0, type: w.waypointType) } }
    }
}
