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

    /// The stop a trip's ETA is for. `etaToFirstWaypoint` is the ETA to the first remaining waypoint, so that
    /// waypoint decides (the route's end point when the log has no waypoints): another trip's when it names one, and
    /// one of this trip's as Fleet Engine lists it — after ARRIVED_AT_PICKUP current logs already list the dropoff
    /// first. The status decides when the log names no waypoint, and breaks a tie when the waypoint names a stop the
    /// status has already passed (in imported logs the waypoints can lag the status by a report or two). Nil once
    /// the trip has ended.
    public init?(of trip: Trip, tripId: String) {
        guard let byStatus = Self.byStatus(trip, tripId: tripId) else { return nil }
        let ahead = trip.remainingWaypoints.first ?? trip.currentRouteSegmentEndPoint
        guard let ahead, ahead.waypointType != .unknownWaypointType else {
            self = byStatus
            return
        }
        if !ahead.tripId.isEmpty, ahead.tripId != tripId {
            self.init(tripId: ahead.tripId, type: ahead.waypointType)
            return
        }
        guard Self.stage(ahead.waypointType) > Self.stage(byStatus.type) else {
            self = byStatus
            return
        }
        // Past the status's stop: the next intermediate destination, or the dropoff.
        let index = trip.intermediateDestinationIndex + (trip.tripStatus == .arrivedAtIntermediateDestination ? 1 : 0)
        self.init(
            tripId: tripId, type: ahead.waypointType,
            intermediateIndex: ahead.waypointType == .intermediateDestinationWaypointType ? index : 0)
    }

    /// The trip's own stop for its status.
    private static func byStatus(_ trip: Trip, tripId: String) -> NextStop? {
        switch trip.tripStatus {
        case .new, .enrouteToPickup, .arrivedAtPickup:
            NextStop(tripId: tripId, type: .pickupWaypointType)
        case .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination:
            NextStop(
                tripId: tripId, type: .intermediateDestinationWaypointType,
                intermediateIndex: trip.intermediateDestinationIndex)
        case .enrouteToDropoff:
            NextStop(tripId: tripId, type: .dropOffWaypointType)
        case .complete, .canceled, .unknownTripStatus:
            nil
        }
    }

    /// The order a trip's stops come in.
    private static func stage(_ type: WaypointType) -> Int {
        switch type {
        case .unknownWaypointType: 0
        case .pickupWaypointType: 1
        case .intermediateDestinationWaypointType: 2
        case .dropOffWaypointType: 3
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
