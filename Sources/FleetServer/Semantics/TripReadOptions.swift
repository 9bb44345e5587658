import FleetModel

/// What a GetTrip caller asked for: the view, the route format, and the versions it already holds (delta
/// polling: a route unchanged since the version the caller sends is left out of the answer).
public struct TripReadOptions: Sendable, Equatable {
    public var view: TripView
    public var routeFormatType: PolylineFormatType
    public var currentRouteSegmentVersion: ProtoTimestamp?
    public var currentRouteSegmentTrafficVersion: ProtoTimestamp?
    public var remainingWaypointsVersion: ProtoTimestamp?
    public var remainingWaypointsRouteVersion: ProtoTimestamp?

    public init(
        view: TripView = .tripViewUnspecified, routeFormatType: PolylineFormatType = .unknownFormatType,
        currentRouteSegmentVersion: ProtoTimestamp? = nil, currentRouteSegmentTrafficVersion: ProtoTimestamp? = nil,
        remainingWaypointsVersion: ProtoTimestamp? = nil, remainingWaypointsRouteVersion: ProtoTimestamp? = nil
    ) {
        self.view = view
        self.routeFormatType = routeFormatType
        self.currentRouteSegmentVersion = currentRouteSegmentVersion
        self.currentRouteSegmentTrafficVersion = currentRouteSegmentTrafficVersion
        self.remainingWaypointsVersion = remainingWaypointsVersion
        self.remainingWaypointsRouteVersion = remainingWaypointsRouteVersion
    }

    /// The trip as this caller sees it. `vehicleWaypoints` appears only in CreateTrip/UpdateTrip answers
    /// (`includeVehicleWaypoints`): it holds other trips' stops.
    ///
    /// JOURNEY_SHARING_V1S (server-to-server journey sharing; Google does not list its exact fields) keeps what a
    /// rider's page needs and public libraries can read: no S2-encoded paths or traffic, no other trips' stops, no
    /// provider feedback (`actual*`) or attributes, and only position, heading, speed and times of the vehicle.
    public func apply(to derived: Trip, includeVehicleWaypoints: Bool = false) -> Trip {
        var trip = derived
        if !includeVehicleWaypoints { trip.vehicleWaypoints = [] }
        if routeFormatType == .encodedPolylineType {
            trip.route = []
        } else {
            trip.currentRouteSegment = ""
        }
        if let known = currentRouteSegmentVersion, let version = trip.currentRouteSegmentVersion, version <= known {
            trip.route = []
            trip.currentRouteSegment = ""
        }
        if let known = currentRouteSegmentTrafficVersion, let version = trip.currentRouteSegmentTrafficVersion,
            version <= known
        {
            trip.currentRouteSegmentTraffic = nil
        }
        if let known = remainingWaypointsRouteVersion, let version = trip.remainingWaypointsRouteVersion,
            version <= known
        {
            trip.remainingWaypoints = trip.remainingWaypoints.map { waypoint in
                var w = waypoint
                w.encodedPathToWaypoint = ""
                w.pathToWaypoint = []
                w.trafficToWaypoint = nil
                return w
            }
        }
        if view == .journeySharingV1S { trip = Self.journeySharing(trip) }
        return trip
    }

    static func journeySharing(_ full: Trip) -> Trip {
        var trip = full
        let id = TripWaypoints.tripID(trip)
        trip.currentRouteSegment = ""
        trip.currentRouteSegmentTraffic = nil
        trip.currentRouteSegmentTrafficVersion = nil
        trip.vehicleWaypoints = []
        trip.remainingWaypoints = trip.remainingWaypoints.filter { $0.tripId == id }.map { waypoint in
            var w = waypoint
            w.encodedPathToWaypoint = ""
            w.trafficToWaypoint = nil
            return w
        }
        trip.actualPickupPoint = nil
        trip.actualPickupArrivalPoint = nil
        trip.actualDropoffPoint = nil
        trip.actualIntermediateDestinationArrivalPoints = []
        trip.actualIntermediateDestinations = []
        trip.attributes = []
        if let full = trip.lastLocation {
            var location = VehicleLocation(
                location: full.location, heading: full.heading, speed: full.speed, updateTime: full.updateTime)
            location.serverTime = full.serverTime
            trip.lastLocation = location
        }
        trip.view = .journeySharingV1S
        return trip
    }
}
