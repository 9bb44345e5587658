/// A Fleet Engine trip (`maps.fleetengine.v1.Trip`, resource `providers/{provider}/trips/{trip}`), with every field
/// of the v1 API so that nothing a server sends is lost when a trip is recorded or replayed.
///
/// Output-only fields (`route`, `remainingWaypoints`, the ETAs…) are maintained by Fleet Engine from the assigned
/// vehicle's reports; `vehicleWaypoints` is returned only by CreateTrip/UpdateTrip, never by GetTrip.
public struct Trip: ProtoMessage, Hashable, Sendable {
    public var name: String
    public var vehicleId: String
    public var tripStatus: TripStatus
    public var tripType: TripType
    public var pickupPoint: TerminalLocation?
    public var actualPickupPoint: StopLocation?
    public var actualPickupArrivalPoint: StopLocation?
    /// Estimated (future) or actual pickup time.
    public var pickupTime: ProtoTimestamp?
    public var intermediateDestinations: [TerminalLocation]
    public var intermediateDestinationsVersion: ProtoTimestamp?
    public var intermediateDestinationIndex: Int32
    public var actualIntermediateDestinationArrivalPoints: [StopLocation]
    public var actualIntermediateDestinations: [StopLocation]
    public var dropoffPoint: TerminalLocation?
    public var actualDropoffPoint: StopLocation?
    /// Estimated (future) or actual dropoff time.
    public var dropoffTime: ProtoTimestamp?
    public var remainingWaypoints: [TripWaypoint]
    public var vehicleWaypoints: [TripWaypoint]
    /// Route to the first remaining waypoint as points (LAT_LNG_LIST_TYPE).
    public var route: [LatLng]
    /// Route to the next waypoint, S2-encoded (ENCODED_POLYLINE_TYPE).
    public var currentRouteSegment: String
    public var currentRouteSegmentVersion: ProtoTimestamp?
    public var currentRouteSegmentTraffic: ConsumableTrafficPolyline?
    public var currentRouteSegmentTrafficVersion: ProtoTimestamp?
    public var currentRouteSegmentEndPoint: TripWaypoint?
    public var remainingDistanceMeters: Int32?
    public var etaToFirstWaypoint: ProtoTimestamp?
    public var remainingTimeToFirstWaypoint: ProtoDuration?
    public var remainingWaypointsVersion: ProtoTimestamp?
    public var remainingWaypointsRouteVersion: ProtoTimestamp?
    public var numberOfPassengers: Int32
    public var lastLocation: VehicleLocation?
    public var lastLocationSnappable: Bool
    public var view: TripView
    public var attributes: [TripAttribute]

    public init(
        name: String = "", tripStatus: TripStatus = .unknownTripStatus, tripType: TripType = .unknownTripType,
        pickupPoint: TerminalLocation? = nil, dropoffPoint: TerminalLocation? = nil
    ) {
        self.name = name
        self.vehicleId = ""
        self.tripStatus = tripStatus
        self.tripType = tripType
        self.pickupPoint = pickupPoint
        self.intermediateDestinations = []
        self.intermediateDestinationIndex = 0
        self.actualIntermediateDestinationArrivalPoints = []
        self.actualIntermediateDestinations = []
        self.dropoffPoint = dropoffPoint
        self.remainingWaypoints = []
        self.vehicleWaypoints = []
        self.route = []
        self.currentRouteSegment = ""
        self.numberOfPassengers = 0
        self.lastLocationSnappable = false
        self.view = .tripViewUnspecified
        self.attributes = []
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        actualDropoffPoint = try r("actualDropoffPoint")
        actualIntermediateDestinationArrivalPoints = try r.repeated("actualIntermediateDestinationArrivalPoints")
        actualIntermediateDestinations = try r.repeated("actualIntermediateDestinations")
        actualPickupArrivalPoint = try r("actualPickupArrivalPoint")
        actualPickupPoint = try r("actualPickupPoint")
        attributes = try r.repeated("attributes")
        currentRouteSegment = try r("currentRouteSegment", default: "")
        currentRouteSegmentEndPoint = try r("currentRouteSegmentEndPoint")
        currentRouteSegmentTraffic = try r("currentRouteSegmentTraffic")
        currentRouteSegmentTrafficVersion = try r("currentRouteSegmentTrafficVersion")
        currentRouteSegmentVersion = try r("currentRouteSegmentVersion")
        dropoffPoint = try r("dropoffPoint")
        dropoffTime = try r("dropoffTime")
        etaToFirstWaypoint = try r("etaToFirstWaypoint")
        intermediateDestinationIndex = try r("intermediateDestinationIndex", default: 0)
        intermediateDestinations = try r.repeated("intermediateDestinations")
        intermediateDestinationsVersion = try r("intermediateDestinationsVersion")
        lastLocation = try r("lastLocation")
        lastLocationSnappable = try r("lastLocationSnappable", default: false)
        name = try r("name", default: "")
        numberOfPassengers = try r("numberOfPassengers", default: 0)
        pickupPoint = try r("pickupPoint")
        pickupTime = try r("pickupTime")
        remainingDistanceMeters = try r("remainingDistanceMeters")
        remainingTimeToFirstWaypoint = try r("remainingTimeToFirstWaypoint")
        remainingWaypoints = try r.repeated("remainingWaypoints")
        remainingWaypointsRouteVersion = try r("remainingWaypointsRouteVersion")
        remainingWaypointsVersion = try r("remainingWaypointsVersion")
        route = try r.repeated("route")
        tripStatus = try r("tripStatus", default: .unknownTripStatus)
        tripType = try r("tripType", default: .unknownTripType)
        vehicleId = try r("vehicleId", default: "")
        vehicleWaypoints = try r.repeated("vehicleWaypoints")
        view = try r("view", default: .tripViewUnspecified)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("actualDropoffPoint", actualDropoffPoint)
        try w.put("actualIntermediateDestinationArrivalPoints", actualIntermediateDestinationArrivalPoints)
        try w.put("actualIntermediateDestinations", actualIntermediateDestinations)
        try w.put("actualPickupArrivalPoint", actualPickupArrivalPoint)
        try w.put("actualPickupPoint", actualPickupPoint)
        try w.put("attributes", attributes)
        try w.put("currentRouteSegment", currentRouteSegment)
        try w.put("currentRouteSegmentEndPoint", currentRouteSegmentEndPoint)
        try w.put("currentRouteSegmentTraffic", currentRouteSegmentTraffic)
        try w.put("currentRouteSegmentTrafficVersion", currentRouteSegmentTrafficVersion)
        try w.put("currentRouteSegmentVersion", currentRouteSegmentVersion)
        try w.put("dropoffPoint", dropoffPoint)
        try w.put("dropoffTime", dropoffTime)
        try w.put("etaToFirstWaypoint", etaToFirstWaypoint)
        try w.put("intermediateDestinationIndex", intermediateDestinationIndex)
        try w.put("intermediateDestinations", intermediateDestinations)
        try w.put("intermediateDestinationsVersion", intermediateDestinationsVersion)
        try w.put("lastLocation", lastLocation)
        try w.put("lastLocationSnappable", lastLocationSnappable)
        try w.put("name", name)
        try w.put("numberOfPassengers", numberOfPassengers)
        try w.put("pickupPoint", pickupPoint)
        try w.put("pickupTime", pickupTime)
        try w.put("remainingDistanceMeters", remainingDistanceMeters)
        try w.put("remainingTimeToFirstWaypoint", remainingTimeToFirstWaypoint)
        try w.put("remainingWaypoints", remainingWaypoints)
        try w.put("remainingWaypointsRouteVersion", remainingWaypointsRouteVersion)
        try w.put("remainingWaypointsVersion", remainingWaypointsVersion)
        try w.put("route", route)
        try w.put("tripStatus", tripStatus)
        try w.put("tripType", tripType)
        try w.put("vehicleId", vehicleId)
        try w.put("vehicleWaypoints", vehicleWaypoints)
        try w.put("view", view)
    }
}
