/// A Fleet Engine vehicle (`maps.fleetengine.v1.Vehicle`, resource `providers/{provider}/vehicles/{vehicle}`): what
/// the driver console reports and what Fleet Engine copies into the trips assigned to it.
public struct Vehicle: ProtoMessage, Hashable, Sendable {
    public var name: String
    public var vehicleState: VehicleState
    public var supportedTripTypes: [TripType]
    /// Output only: ids of the trips assigned to this vehicle.
    public var currentTrips: [String]
    public var lastLocation: VehicleLocation?
    /// Input only: locations not yet reported (an offline backlog).
    public var pastLocations: [VehicleLocation]
    public var maximumCapacity: Int32
    public var attributes: [VehicleAttribute]
    public var vehicleType: VehicleType?
    public var licensePlate: LicensePlate?
    /// Deprecated in favour of `waypoints`.
    public var route: [TerminalLocation]
    /// S2-encoded route to the next waypoint (see ``S2Polyline``); copied to the active trips' `currentRouteSegment`.
    public var currentRouteSegment: String
    public var currentRouteSegmentTraffic: TrafficPolylineData?
    public var currentRouteSegmentVersion: ProtoTimestamp?
    public var currentRouteSegmentEndPoint: TripWaypoint?
    public var remainingDistanceMeters: Int32?
    public var etaToFirstWaypoint: ProtoTimestamp?
    /// Input only; takes precedence over `etaToFirstWaypoint`.
    public var remainingTimeSeconds: Int32?
    public var waypoints: [TripWaypoint]
    public var waypointsVersion: ProtoTimestamp?
    public var backToBackEnabled: Bool
    public var navigationStatus: NavigationStatus
    public var deviceSettings: DeviceSettings?

    public init(
        name: String = "", vehicleState: VehicleState = .unknownVehicleState, supportedTripTypes: [TripType] = [],
        maximumCapacity: Int32 = 0, vehicleType: VehicleType? = nil
    ) {
        self.name = name
        self.vehicleState = vehicleState
        self.supportedTripTypes = supportedTripTypes
        self.currentTrips = []
        self.pastLocations = []
        self.maximumCapacity = maximumCapacity
        self.attributes = []
        self.vehicleType = vehicleType
        self.route = []
        self.currentRouteSegment = ""
        self.waypoints = []
        self.backToBackEnabled = false
        self.navigationStatus = .unknownNavigationStatus
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        attributes = try r.repeated("attributes")
        backToBackEnabled = try r("backToBackEnabled", default: false)
        currentRouteSegment = try r("currentRouteSegment", default: "")
        currentRouteSegmentEndPoint = try r("currentRouteSegmentEndPoint")
        currentRouteSegmentTraffic = try r("currentRouteSegmentTraffic")
        currentRouteSegmentVersion = try r("currentRouteSegmentVersion")
        currentTrips = try r.repeated("currentTrips")
        deviceSettings = try r("deviceSettings")
        etaToFirstWaypoint = try r("etaToFirstWaypoint")
        lastLocation = try r("lastLocation")
        licensePlate = try r("licensePlate")
        maximumCapacity = try r("maximumCapacity", default: 0)
        name = try r("name", default: "")
        navigationStatus = try r("navigationStatus", default: .unknownNavigationStatus)
        pastLocations = try r.repeated("pastLocations")
        remainingDistanceMeters = try r("remainingDistanceMeters")
        remainingTimeSeconds = try r("remainingTimeSeconds")
        route = try r.repeated("route")
        supportedTripTypes = try r.repeated("supportedTripTypes")
        vehicleState = try r("vehicleState", default: .unknownVehicleState)
        vehicleType = try r("vehicleType")
        waypoints = try r.repeated("waypoints")
        waypointsVersion = try r("waypointsVersion")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("attributes", attributes)
        try w.put("backToBackEnabled", backToBackEnabled)
        try w.put("currentRouteSegment", currentRouteSegment)
        try w.put("currentRouteSegmentEndPoint", currentRouteSegmentEndPoint)
        try w.put("currentRouteSegmentTraffic", currentRouteSegmentTraffic)
        try w.put("currentRouteSegmentVersion", currentRouteSegmentVersion)
        try w.put("currentTrips", currentTrips)
        try w.put("deviceSettings", deviceSettings)
        try w.put("etaToFirstWaypoint", etaToFirstWaypoint)
        try w.put("lastLocation", lastLocation)
        try w.put("licensePlate", licensePlate)
        try w.put("maximumCapacity", maximumCapacity)
        try w.put("name", name)
        try w.put("navigationStatus", navigationStatus)
        try w.put("pastLocations", pastLocations)
        try w.put("remainingDistanceMeters", remainingDistanceMeters)
        try w.put("remainingTimeSeconds", remainingTimeSeconds)
        try w.put("route", route)
        try w.put("supportedTripTypes", supportedTripTypes)
        try w.put("vehicleState", vehicleState)
        try w.put("vehicleType", vehicleType)
        try w.put("waypoints", waypoints)
        try w.put("waypointsVersion", waypointsVersion)
    }
}
