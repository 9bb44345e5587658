import FleetModel

/// The optional fields of a GetTrip request, sent as query parameters. The `*Version` fields make delta polling
/// work: when the data is unchanged since the version sent, the server leaves it out of the response.
public struct GetTripOptions: Sendable, Hashable {
    /// Which field subset to return; `.tripViewUnspecified` leaves it to the server (the SDK view).
    public var view: TripView
    /// Route data (`route`, `currentRouteSegment`) is returned only if it changed after this time.
    public var currentRouteSegmentVersion: ProtoTimestamp?
    /// Deprecated by Fleet Engine; still sent when set.
    public var remainingWaypointsVersion: ProtoTimestamp?
    public var routeFormatType: PolylineFormatType
    public var currentRouteSegmentTrafficVersion: ProtoTimestamp?
    public var remainingWaypointsRouteVersion: ProtoTimestamp?

    public init(
        view: TripView = .tripViewUnspecified, currentRouteSegmentVersion: ProtoTimestamp? = nil,
        remainingWaypointsVersion: ProtoTimestamp? = nil, routeFormatType: PolylineFormatType = .unknownFormatType,
        currentRouteSegmentTrafficVersion: ProtoTimestamp? = nil, remainingWaypointsRouteVersion: ProtoTimestamp? = nil
    ) {
        self.view = view
        self.currentRouteSegmentVersion = currentRouteSegmentVersion
        self.remainingWaypointsVersion = remainingWaypointsVersion
        self.routeFormatType = routeFormatType
        self.currentRouteSegmentTrafficVersion = currentRouteSegmentTrafficVersion
        self.remainingWaypointsRouteVersion = remainingWaypointsRouteVersion
    }
}

/// The optional fields of a GetVehicle request.
public struct GetVehicleOptions: Sendable, Hashable {
    public var currentRouteSegmentVersion: ProtoTimestamp?
    public var waypointsVersion: ProtoTimestamp?

    public init(currentRouteSegmentVersion: ProtoTimestamp? = nil, waypointsVersion: ProtoTimestamp? = nil) {
        self.currentRouteSegmentVersion = currentRouteSegmentVersion
        self.waypointsVersion = waypointsVersion
    }
}
