import FleetModel

/// Where the vehicle stands on its way to the next stop: what the Navigation SDK tells the Driver SDK, and what
/// the vehicle reporter sends as `currentRouteSegment`, its end point, remaining distance and time, and
/// `navigationStatus`.
public struct RouteProgress: Hashable, Sendable {
    public var navigationStatus: NavigationStatus
    /// The next stop (`currentRouteSegmentEndPoint`); nil without guidance.
    public var destination: TripWaypoint?
    /// From the vehicle's position to the stop, along the roads.
    public var remainingPath: [LatLng]
    public var remainingDistanceMeters: Double?
    public var remainingTimeSeconds: Double?

    public init(
        navigationStatus: NavigationStatus, destination: TripWaypoint? = nil, remainingPath: [LatLng] = [],
        remainingDistanceMeters: Double? = nil, remainingTimeSeconds: Double? = nil
    ) {
        self.navigationStatus = navigationStatus
        self.destination = destination
        self.remainingPath = remainingPath
        self.remainingDistanceMeters = remainingDistanceMeters
        self.remainingTimeSeconds = remainingTimeSeconds
    }

    /// No stop to drive to.
    public static let noGuidance = RouteProgress(navigationStatus: .noGuidance)
}
