import FleetModel

/// Which stop an ETA is for: a trip's pickup, one of its intermediate destinations or its dropoff — this trip's, or
/// another's when the vehicle first finishes an earlier ride.
public struct NextStop: Sendable, Hashable {
    public var tripId: String
    public var type: WaypointType
    /// Which intermediate destination, from 0; 0 for a pickup or dropoff.
    public var intermediateIndex: Int32

    public init(tripId: String, type: WaypointType, intermediateIndex: Int32 = 0) {
        self.tripId = tripId
        self.type = type
        self.intermediateIndex = intermediateIndex
    }

    /// The stop a trip's vehicle is driving to: another trip's waypoint when the route's end point or the first
    /// remaining waypoint names one, else the trip's own stop for its status. Nil once the trip has ended.
    ///
    /// The status decides among the trip's own stops because in an imported log the route end point can lag the
    /// status by a report or two (still the pickup just after ENROUTE_TO_DROPOFF).
    public init?(of trip: Trip, tripId: String) {
        let ahead = trip.currentRouteSegmentEndPoint ?? trip.remainingWaypoints.first
        if let ahead, !ahead.tripId.isEmpty, ahead.tripId != tripId {
            self.init(tripId: ahead.tripId, type: ahead.waypointType)
            return
        }
        switch trip.tripStatus {
        case .new, .enrouteToPickup, .arrivedAtPickup:
            self.init(tripId: tripId, type: .pickupWaypointType)
        case .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination:
            self.init(
                tripId: tripId, type: .intermediateDestinationWaypointType,
                intermediateIndex: trip.intermediateDestinationIndex)
        case .enrouteToDropoff:
            self.init(tripId: tripId, type: .dropOffWaypointType)
        case .complete, .canceled, .unknownTripStatus:
            return nil
        }
    }

    /// `the pickup`, `stop 2`, `the dropoff of trip t0`.
    public func label(ownTripId: String) -> String {
        let name =
            switch type {
            case .pickupWaypointType: "the pickup"
            case .dropOffWaypointType: "the dropoff"
            case .intermediateDestinationWaypointType: "stop \(intermediateIndex + 1)"
            case .unknownWaypointType: "a waypoint"
            }
        return tripId == ownTripId ? name : "\(name) of trip \(tripId)"
    }
}
