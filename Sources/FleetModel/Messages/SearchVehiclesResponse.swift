/// `maps.fleetengine.v1.SearchVehiclesResponse`: the matches, in the request's order.
public struct SearchVehiclesResponse: ProtoMessage, Hashable, Sendable {
    public var matches: [VehicleMatch]

    public init(matches: [VehicleMatch] = []) { self.matches = matches }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        matches = try r.repeated("matches")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("matches", matches)
    }
}

/// `maps.fleetengine.v1.VehicleMatch`: one vehicle that could serve the searched trip, with the estimates that
/// placed it. Wrapper-typed distances are optionals: unset means "could not be computed".
public struct VehicleMatch: ProtoMessage, Hashable, Sendable {
    public var vehicle: Vehicle?
    public var vehiclePickupEta: ProtoTimestamp?
    public var vehiclePickupDistanceMeters: Int32?
    public var vehiclePickupStraightLineDistanceMeters: Int32?
    public var vehicleDropoffEta: ProtoTimestamp?
    public var vehiclePickupToDropoffDistanceMeters: Int32?
    public var tripType: TripType
    /// The vehicle's location, the stops it makes first, and the searched pickup (and dropoff), with ETAs.
    public var vehicleTripsWaypoints: [Waypoint]
    public var vehicleMatchType: VehicleMatchType
    public var requestedOrderedBy: VehicleMatchOrder
    /// What really placed this match: differs from `requestedOrderedBy` when the server fell back.
    public var orderedBy: VehicleMatchOrder

    public init(vehicle: Vehicle? = nil, tripType: TripType = .unknownTripType) {
        self.vehicle = vehicle
        self.tripType = tripType
        self.vehicleTripsWaypoints = []
        self.vehicleMatchType = .unknown
        self.requestedOrderedBy = .unknownVehicleMatchOrder
        self.orderedBy = .unknownVehicleMatchOrder
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        orderedBy = try r("orderedBy", default: .unknownVehicleMatchOrder)
        requestedOrderedBy = try r("requestedOrderedBy", default: .unknownVehicleMatchOrder)
        tripType = try r("tripType", default: .unknownTripType)
        vehicle = try r("vehicle")
        vehicleDropoffEta = try r("vehicleDropoffEta")
        vehicleMatchType = try r("vehicleMatchType", default: .unknown)
        vehiclePickupDistanceMeters = try r("vehiclePickupDistanceMeters")
        vehiclePickupEta = try r("vehiclePickupEta")
        vehiclePickupStraightLineDistanceMeters = try r("vehiclePickupStraightLineDistanceMeters")
        vehiclePickupToDropoffDistanceMeters = try r("vehiclePickupToDropoffDistanceMeters")
        vehicleTripsWaypoints = try r.repeated("vehicleTripsWaypoints")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("orderedBy", orderedBy)
        try w.put("requestedOrderedBy", requestedOrderedBy)
        try w.put("tripType", tripType)
        try w.put("vehicle", vehicle)
        try w.put("vehicleDropoffEta", vehicleDropoffEta)
        try w.put("vehicleMatchType", vehicleMatchType)
        try w.put("vehiclePickupDistanceMeters", vehiclePickupDistanceMeters)
        try w.put("vehiclePickupEta", vehiclePickupEta)
        try w.put("vehiclePickupStraightLineDistanceMeters", vehiclePickupStraightLineDistanceMeters)
        try w.put("vehiclePickupToDropoffDistanceMeters", vehiclePickupToDropoffDistanceMeters)
        try w.put("vehicleTripsWaypoints", vehicleTripsWaypoints)
    }
}

/// `maps.fleetengine.v1.Waypoint`: a point on a match's route with its ETA (SearchVehicles' own, simpler
/// `TripWaypoint`).
public struct Waypoint: ProtoMessage, Hashable, Sendable {
    public var latLng: LatLng?
    public var eta: ProtoTimestamp?

    public init(latLng: LatLng?, eta: ProtoTimestamp? = nil) {
        self.latLng = latLng
        self.eta = eta
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        eta = try r("eta")
        latLng = try r("latLng")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("eta", eta)
        try w.put("latLng", latLng)
    }
}
