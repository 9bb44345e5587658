import FleetModel

/// What the driver console shows, as plain values: the command builds it from the reporter, navigator and
/// vehicle, so the screen needs no Fleet Engine client and tests can compose frames from a literal.
public struct DriverConsoleState: Hashable, Sendable {
    /// Which driver app the console is: its keys and panel say trips or stops.
    public enum Kind: Hashable, Sendable {
        case trips, deliveries
    }

    public var kind = Kind.trips
    public var vehicleName: String
    public var backend: String
    public var position: LatLng?
    public var heading: Double?
    /// Metres per second.
    public var speed: Double?
    /// Route from the vehicle to the next stop.
    public var activeRoute: [LatLng] = []
    public var pickup: LatLng?
    public var dropoff: LatLng?
    public var intermediateStops: [LatLng] = []
    /// The next stop, e.g. "pickup of t1" or "stop 1 of 6 · ARRIVED · 2 tasks".
    public var nextStop: String?
    public var navigationStatus: String?
    public var remainingMeters: Double?
    public var remainingSeconds: Double?
    public var vehicleState = "UNKNOWN"
    public var trackingEnabled = false
    /// "id STATUS" per trip of the vehicle; for a delivery vehicle, the next stop's tasks and the stops after it.
    public var jobs: [String] = []
    /// How the work so far went, e.g. "done: 3 succeeded, 1 failed".
    public var summary: String?
    public var lastSuccess: String?
    public var lastFailure: String?
    /// Whether the last failure heals by itself (recoverable) or needs someone (client).
    public var lastFailureIsRecoverable = true
    public var updateAttempts = 0
    public var updateSuccesses = 0
    public var updateFailures = 0
    /// Reporter and trip events, newest last.
    public var log: [String] = []

    public init(vehicleName: String, backend: String) {
        self.vehicleName = vehicleName
        self.backend = backend
    }
}
