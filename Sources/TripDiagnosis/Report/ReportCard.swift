import FleetModel

/// One trip's figures: what happened, how long each part took, how the ETAs held and how well the vehicle
/// reported. Every figure the data cannot give is nil — unknown, never a made-up zero.
public struct ReportCard: Sendable, Hashable {
    public var tripName: TripName
    /// Where the recording came from (`Cloud Logging export jump-demo.json`).
    public var source: String
    /// In the order they were assigned.
    public var vehicles: [String]
    public var statuses: [StatusSpan]
    public var ending: TripEnding
    /// Nil when the trip never left NEW.
    public var drive: Drive?
    public var pickup: ETAOutcome
    public var dropoff: ETAOutcome
    public var updates: IntervalStatistics
    public var stops: [Dwell]
    /// Nil when the input does not hold the navigation status.
    public var offRoute: [OffRouteEpisode]?

    public init(
        tripName: TripName, source: String, vehicles: [String] = [], statuses: [StatusSpan] = [],
        ending: TripEnding = .unfinished(last: nil, dataEnds: nil), drive: Drive? = nil, pickup: ETAOutcome = .init(),
        dropoff: ETAOutcome = .init(), updates: IntervalStatistics = .init(reports: 0), stops: [Dwell] = [],
        offRoute: [OffRouteEpisode]? = nil
    ) {
        self.tripName = tripName
        self.source = source
        self.vehicles = vehicles
        self.statuses = statuses
        self.ending = ending
        self.drive = drive
        self.pickup = pickup
        self.dropoff = dropoff
        self.updates = updates
        self.stops = stops
        self.offRoute = offRoute
    }
}
