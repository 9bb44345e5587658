/// `maps.fleetengine.v1.CreateTripRequest`. Over REST `parent` is in the path, `tripId` and `header` in the query
/// and `trip` is the body; over gRPC all of it is the message.
public struct CreateTripRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}`.
    public var parent: String
    /// The new trip's id (≤ 64 characters, NFC, none of `/ : ? , #`).
    public var tripId: String
    public var trip: Trip?

    public init(header: RequestHeader? = nil, parent: String = "", tripId: String = "", trip: Trip? = nil) {
        self.header = header
        self.parent = parent
        self.tripId = tripId
        self.trip = trip
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        header = try r("header")
        parent = try r("parent", default: "")
        trip = try r("trip")
        tripId = try r("tripId", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("header", header)
        try w.put("parent", parent)
        try w.put("trip", trip)
        try w.put("tripId", tripId)
    }
}

/// `maps.fleetengine.v1.GetTripRequest`: the trip, the view and route format wanted, and the versions the caller
/// already holds (delta polling). Over REST everything but `name` is a query parameter.
public struct GetTripRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}/trips/{trip}`.
    public var name: String
    public var view: TripView
    public var currentRouteSegmentVersion: ProtoTimestamp?
    /// Deprecated by Google in favour of `remainingWaypointsRouteVersion`; accepted.
    public var remainingWaypointsVersion: ProtoTimestamp?
    public var routeFormatType: PolylineFormatType
    public var currentRouteSegmentTrafficVersion: ProtoTimestamp?
    public var remainingWaypointsRouteVersion: ProtoTimestamp?

    public init(
        header: RequestHeader? = nil, name: String = "", view: TripView = .tripViewUnspecified,
        currentRouteSegmentVersion: ProtoTimestamp? = nil, remainingWaypointsVersion: ProtoTimestamp? = nil,
        routeFormatType: PolylineFormatType = .unknownFormatType,
        currentRouteSegmentTrafficVersion: ProtoTimestamp? = nil, remainingWaypointsRouteVersion: ProtoTimestamp? = nil
    ) {
        self.header = header
        self.name = name
        self.view = view
        self.currentRouteSegmentVersion = currentRouteSegmentVersion
        self.remainingWaypointsVersion = remainingWaypointsVersion
        self.routeFormatType = routeFormatType
        self.currentRouteSegmentTrafficVersion = currentRouteSegmentTrafficVersion
        self.remainingWaypointsRouteVersion = remainingWaypointsRouteVersion
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        currentRouteSegmentTrafficVersion = try r("currentRouteSegmentTrafficVersion")
        currentRouteSegmentVersion = try r("currentRouteSegmentVersion")
        header = try r("header")
        name = try r("name", default: "")
        remainingWaypointsRouteVersion = try r("remainingWaypointsRouteVersion")
        remainingWaypointsVersion = try r("remainingWaypointsVersion")
        routeFormatType = try r("routeFormatType", default: .unknownFormatType)
        view = try r("view", default: .tripViewUnspecified)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("currentRouteSegmentTrafficVersion", currentRouteSegmentTrafficVersion)
        try w.put("currentRouteSegmentVersion", currentRouteSegmentVersion)
        try w.put("header", header)
        try w.put("name", name)
        try w.put("remainingWaypointsRouteVersion", remainingWaypointsRouteVersion)
        try w.put("remainingWaypointsVersion", remainingWaypointsVersion)
        try w.put("routeFormatType", routeFormatType)
        try w.put("view", view)
    }
}

/// `maps.fleetengine.v1.UpdateTripRequest`: the fields of `trip` that `updateMask` names replace the stored ones.
/// Over REST `trip` is the body and `updateMask` a query parameter.
public struct UpdateTripRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}/trips/{trip}`.
    public var name: String
    public var trip: Trip?
    /// Required, with at least one path.
    public var updateMask: ProtoFieldMask?

    public init(header: RequestHeader? = nil, name: String = "", trip: Trip? = nil, updateMask: ProtoFieldMask? = nil) {
        self.header = header
        self.name = name
        self.trip = trip
        self.updateMask = updateMask
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        header = try r("header")
        name = try r("name", default: "")
        trip = try r("trip")
        updateMask = try r("updateMask")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("header", header)
        try w.put("name", name)
        try w.put("trip", trip)
        try w.put("updateMask", updateMask)
    }
}

/// `maps.fleetengine.v1.DeleteTripRequest`.
public struct DeleteTripRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}/trips/{trip}`.
    public var name: String

    public init(header: RequestHeader? = nil, name: String = "") {
        self.header = header
        self.name = name
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        header = try r("header")
        name = try r("name", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("header", header)
        try w.put("name", name)
    }
}
