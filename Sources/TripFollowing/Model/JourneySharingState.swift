import FleetModel

/// What a rider sees of a trip, derived from Fleet Engine's fields the way the Consumer SDK derives it: the active
/// route is `route` when the server sent points, otherwise the S2-encoded `currentRouteSegment`; pickup and dropoff
/// ETAs are `pickupTime` and `dropoffTime`.
///
/// A subscriber that keeps the whole picture (the trip screens do) folds the callbacks back into one of these,
/// starting from ``init()``, rather than into a copy of its fields.
public struct JourneySharingState: Sendable, Equatable {
    public var tripStatus: TripStatus = .unknownTripStatus
    public var vehicleLocation: VehicleLocation?
    /// Vehicle → next waypoint.
    public var activeRoute: [LatLng] = []
    public var remainingDistanceMeters: Int32?
    public var activeRouteTraffic: ConsumableTrafficPolyline?
    public var pickupLocation: TerminalLocation?
    public var pickupETA: ProtoTimestamp?
    public var dropoffLocation: TerminalLocation?
    public var dropoffETA: ProtoTimestamp?
    public var intermediateDestinations: [TerminalLocation] = []
    public var remainingWaypoints: [TripWaypoint] = []

    /// Nothing known yet: what a subscriber holds before its first callback.
    public init() {}

    /// - Parameter decodedSegment: the decoded `currentRouteSegment`, passed in so callers can cache the decoding.
    public init(trip: Trip, decodedSegment: [LatLng]) {
        tripStatus = trip.tripStatus
        vehicleLocation = trip.lastLocation
        activeRoute = trip.route.isEmpty ? decodedSegment : trip.route
        remainingDistanceMeters = trip.remainingDistanceMeters
        activeRouteTraffic = trip.currentRouteSegmentTraffic
        pickupLocation = trip.pickupPoint
        pickupETA = trip.pickupTime
        dropoffLocation = trip.dropoffPoint
        dropoffETA = trip.dropoffTime
        intermediateDestinations = trip.intermediateDestinations
        remainingWaypoints = trip.remainingWaypoints
    }

    /// Decodes the segment itself; an undecodable segment reads as no route rather than failing the update.
    public init(trip: Trip) {
        self.init(trip: trip, decodedSegment: (try? S2Polyline.decode(trip.currentRouteSegment)) ?? [])
    }

    /// The fields that are present, for a subscriber's first report.
    public var presentFields: TripPropertyFields {
        var f: TripPropertyFields = []
        if tripStatus != .unknownTripStatus { f.insert(.tripStatus) }
        if vehicleLocation != nil { f.insert(.vehicleLocation) }
        if !activeRoute.isEmpty { f.insert(.activeRoute) }
        if remainingDistanceMeters != nil { f.insert(.activeRouteRemainingDistance) }
        if activeRouteTraffic != nil { f.insert(.activeRouteTraffic) }
        if pickupLocation != nil { f.insert(.pickupLocation) }
        if pickupETA != nil { f.insert(.pickupETA) }
        if dropoffLocation != nil { f.insert(.dropoffLocation) }
        if dropoffETA != nil { f.insert(.dropoffETA) }
        if !intermediateDestinations.isEmpty { f.insert(.intermediateDestinations) }
        if !remainingWaypoints.isEmpty { f.insert(.remainingWaypoints) }
        return f
    }

    /// The fields that differ from `old`.
    public func changedFields(from old: JourneySharingState) -> TripPropertyFields {
        var f: TripPropertyFields = []
        if tripStatus != old.tripStatus { f.insert(.tripStatus) }
        if vehicleLocation != old.vehicleLocation { f.insert(.vehicleLocation) }
        if activeRoute != old.activeRoute { f.insert(.activeRoute) }
        if remainingDistanceMeters != old.remainingDistanceMeters { f.insert(.activeRouteRemainingDistance) }
        if activeRouteTraffic != old.activeRouteTraffic { f.insert(.activeRouteTraffic) }
        if pickupLocation != old.pickupLocation { f.insert(.pickupLocation) }
        if pickupETA != old.pickupETA { f.insert(.pickupETA) }
        if dropoffLocation != old.dropoffLocation { f.insert(.dropoffLocation) }
        if dropoffETA != old.dropoffETA { f.insert(.dropoffETA) }
        if intermediateDestinations != old.intermediateDestinations { f.insert(.intermediateDestinations) }
        if remainingWaypoints != old.remainingWaypoints { f.insert(.remainingWaypoints) }
        return f
    }
}

extension Trip {
    /// Mask bits for the fields that have no callback of their own.
    func otherChangedFields(from old: Trip?) -> TripPropertyFields {
        var f: TripPropertyFields = []
        guard let old else {
            if !vehicleId.isEmpty { f.insert(.vehicleID) }
            if etaToFirstWaypoint != nil || remainingTimeToFirstWaypoint != nil { f.insert(.firstWaypointETA) }
            if intermediateDestinationIndex != 0 { f.insert(.intermediateDestinationIndex) }
            f.insert(.other)
            return f
        }
        if vehicleId != old.vehicleId { f.insert(.vehicleID) }
        if etaToFirstWaypoint != old.etaToFirstWaypoint
            || remainingTimeToFirstWaypoint != old.remainingTimeToFirstWaypoint
        {
            f.insert(.firstWaypointETA)
        }
        if intermediateDestinationIndex != old.intermediateDestinationIndex { f.insert(.intermediateDestinationIndex) }
        var a = self, b = old
        a.clearJourneyFields()
        b.clearJourneyFields()
        if a != b { f.insert(.other) }
        return f
    }

    /// This trip without the fields that have callbacks or their own mask bits, to compare what is left.
    private mutating func clearJourneyFields() {
        tripStatus = .unknownTripStatus
        lastLocation = nil
        route = []
        currentRouteSegment = ""
        remainingDistanceMeters = nil
        currentRouteSegmentTraffic = nil
        pickupPoint = nil
        pickupTime = nil
        dropoffPoint = nil
        dropoffTime = nil
        intermediateDestinations = []
        remainingWaypoints = []
        vehicleId = ""
        etaToFirstWaypoint = nil
        remainingTimeToFirstWaypoint = nil
        intermediateDestinationIndex = 0
        currentRouteSegmentVersion = nil
        currentRouteSegmentTrafficVersion = nil
        remainingWaypointsVersion = nil
        remainingWaypointsRouteVersion = nil
        currentRouteSegmentEndPoint = nil
        lastLocationSnappable = false
    }
}
