/// A stop on a vehicle's remaining route, with the path, distance and ETA to it
/// (`maps.fleetengine.v1.TripWaypoint`). Path, distance and ETA are undefined for the first waypoint of a list.
public struct TripWaypoint: ProtoMessage, Hashable, Sendable {
    public var location: TerminalLocation?
    public var tripId: String
    public var waypointType: WaypointType
    /// Only when requested.
    public var pathToWaypoint: [LatLng]
    /// S2-encoded path from the previous waypoint (see ``S2Polyline``).
    public var encodedPathToWaypoint: String
    public var trafficToWaypoint: ConsumableTrafficPolyline?
    public var distanceMeters: Int32?
    public var eta: ProtoTimestamp?
    public var duration: ProtoDuration?

    public init(
        location: TerminalLocation?, tripId: String = "", waypointType: WaypointType = .unknownWaypointType,
        distanceMeters: Int32? = nil, eta: ProtoTimestamp? = nil, duration: ProtoDuration? = nil
    ) {
        self.location = location
        self.tripId = tripId
        self.waypointType = waypointType
        self.pathToWaypoint = []
        self.encodedPathToWaypoint = ""
        self.distanceMeters = distanceMeters
        self.eta = eta
        self.duration = duration
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        distanceMeters = try r("distanceMeters")
        duration = try r("duration")
        encodedPathToWaypoint = try r("encodedPathToWaypoint", default: "")
        eta = try r("eta")
        location = try r("location")
        pathToWaypoint = try r.repeated("pathToWaypoint")
        trafficToWaypoint = try r("trafficToWaypoint")
        tripId = try r("tripId", default: "")
        waypointType = try r("waypointType", default: .unknownWaypointType)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("distanceMeters", distanceMeters)
        try w.put("duration", duration)
        try w.put("encodedPathToWaypoint", encodedPathToWaypoint)
        try w.put("eta", eta)
        try w.put("location", location)
        try w.put("pathToWaypoint", pathToWaypoint)
        try w.put("trafficToWaypoint", trafficToWaypoint)
        try w.put("tripId", tripId)
        try w.put("waypointType", waypointType)
    }
}
