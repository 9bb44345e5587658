import FleetModel

/// Which stops a trip still has to make, and the order of all stops a vehicle still has to make.
///
/// A vehicle's waypoint list (`Vehicle.waypoints`) is what Fleet Engine builds from its assigned trips: each
/// trip's remaining stops, in assignment order unless a trip's `vehicleWaypoints` or an UpdateVehicle gave an
/// explicit order. A trip's `remainingWaypoints` is that list up to the trip's own last stop.
public enum TripWaypoints {
    /// The stops `trip` has not passed yet, by its status: pickup, intermediate destinations from the current
    /// index, dropoff. Empty for a finished trip.
    public static func remaining(of trip: Trip) -> [TripWaypoint] {
        let id = tripID(trip)
        var stops: [TripWaypoint] = []
        let intermediates = trip.intermediateDestinations.enumerated().map { _, stop in
            TripWaypoint(location: stop, tripId: id, waypointType: .intermediateDestinationWaypointType)
        }
        switch trip.tripStatus {
        case .new, .enrouteToPickup, .arrivedAtPickup, .unknownTripStatus:
            if let pickup = trip.pickupPoint {
                stops.append(TripWaypoint(location: pickup, tripId: id, waypointType: .pickupWaypointType))
            }
            stops += intermediates
        case .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination:
            let from = min(max(0, Int(trip.intermediateDestinationIndex)), intermediates.count)
            stops += intermediates[from...]
        case .enrouteToDropoff:
            break
        case .complete, .canceled:
            return []
        }
        if let dropoff = trip.dropoffPoint {
            stops.append(TripWaypoint(location: dropoff, tripId: id, waypointType: .dropOffWaypointType))
        }
        return stops
    }

    /// The vehicle's new waypoint order: the explicit order where one is given (kept to the stops still
    /// needed), else the current order with passed stops dropped, then any new stops in trip order.
    public static func vehicleOrder(
        current: [TripWaypoint], trips: [Trip], explicit: [TripWaypoint]? = nil
    ) -> [TripWaypoint] {
        var needed = trips.flatMap(remaining(of:))
        var result: [TripWaypoint] = []
        for waypoint in explicit ?? current {
            if let i = needed.firstIndex(where: { same($0, waypoint) }) {
                result.append(needed.remove(at: i))
            }
        }
        return result + needed
    }

    /// Whether two waypoints name the same stop (trip, kind and place), whatever path or ETA they carry.
    static func same(_ a: TripWaypoint, _ b: TripWaypoint) -> Bool {
        a.tripId == b.tripId && a.waypointType == b.waypointType && a.location?.point == b.location?.point
    }

    /// Only what identifies a stop: location, trip and kind (what Fleet Engine uses from `vehicleWaypoints`).
    static func stripped(_ waypoint: TripWaypoint) -> TripWaypoint {
        TripWaypoint(location: waypoint.location, tripId: waypoint.tripId, waypointType: waypoint.waypointType)
    }

    static func tripID(_ trip: Trip) -> String {
        String(trip.name.split(ascii: UInt8(ascii: "/")).last ?? "")
    }
}
