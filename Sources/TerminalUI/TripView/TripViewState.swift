import FleetModel
import TripFollowing

/// Everything the trip screens show: the model's ``JourneySharingState``, folded back from its callbacks by
/// ``TripViewSubscriber``, and what only the view keeps (where the trip comes from, the trail, the last failure).
///
/// A plain value so that a frame is a pure function of it (plus the camera and the clock): golden tests build one
/// by hand, the app copies the subscriber's under a lock once per frame.
public struct TripViewState: Sendable, Equatable {
    public var tripName: TripName
    /// Where the trip comes from, for the status bar ("replay monaco-stops.jsonl", "http://127.0.0.1:8787").
    public var backendName: String
    /// What the rider sees of the trip, field for field as the model reports it.
    public var journey = JourneySharingState()
    /// The trip's whole remaining route, when the backend sends one (drawn under the active leg).
    public var route: [LatLng] = []
    /// Where the vehicle has been while we watched (bounded: see ``trailLimit``).
    public var trail: [LatLng] = []
    /// When the backend observed the newest update.
    public var lastUpdate: ProtoTimestamp?
    /// Successful updates so far.
    public var updateCount = 0
    /// The failure shown in the status bar: set by a failed poll, cleared by the next success.
    public var failure: TripViewFailure?
    /// Why `--record` is not writing (a full disk), shown in the status bar until it writes again.
    public var recordingProblem: String?

    /// Points kept in the trail; older ones are dropped first (a long trip must not grow memory without bound).
    public static let trailLimit = 5_000

    public init(tripName: TripName, backendName: String) {
        self.tripName = tripName
        self.backendName = backendName
    }

    /// Whether the trip has ended (COMPLETE or CANCELED).
    public var isFinished: Bool { journey.tripStatus == .complete || journey.tripStatus == .canceled }

    /// Adds a vehicle position to the trail, skipping repeats.
    mutating func extendTrail(with point: LatLng) {
        if let last = trail.last, Geo.distance(last, point) < 1 { return }
        trail.append(point)
        if trail.count > Self.trailLimit { trail.removeFirst(trail.count - Self.trailLimit) }
    }

    /// The stops still ahead, in order: intermediate destinations not yet reached, then the dropoff. Used for the
    /// panel's waypoint list when the backend sends no `remainingWaypoints`.
    var upcomingStops: [LatLng] {
        var stops: [LatLng] = []
        let status = journey.tripStatus
        if status == .new || status == .enrouteToPickup || status == .unknownTripStatus,
            let p = journey.pickupLocation?.point
        {
            stops.append(p)
        }
        stops += journey.intermediateDestinations.compactMap(\.point)
        if let d = journey.dropoffLocation?.point { stops.append(d) }
        return stops
    }
}

/// The last failed poll, as the status bar shows it.
public struct TripViewFailure: Sendable, Equatable {
    public var error: TripServiceError
    /// Failed polls in a row.
    public var count: Int
    /// When it happened (clock of the view: replay or wall time).
    public var at: ProtoTimestamp
    /// When the model polls again.
    public var retryDelay: Duration
    /// What to do about it, where the error's own hint (which speaks of trips) does not fit: the fleet's listings.
    public var hint: String?

    public init(error: TripServiceError, count: Int, at: ProtoTimestamp, retryDelay: Duration, hint: String? = nil) {
        self.error = error
        self.count = count
        self.at = at
        self.retryDelay = retryDelay
        self.hint = hint
    }
}
