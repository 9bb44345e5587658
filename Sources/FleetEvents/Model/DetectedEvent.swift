import FleetModel

/// An event a detector found in a change: its kind, the resources it concerns (full resource names, empty when
/// none) and the values before and after, as JSON. The store gives it an id and a time when it records it.
public struct DetectedEvent: Hashable, Sendable {
    public var kind: FleetEventKind
    public var trip: String
    public var vehicle: String
    public var task: String
    /// The geofence's name, for `geofence-enter` and `geofence-exit`.
    public var geofence: String
    /// What the values were before the change; nil when the resource is new.
    public var before: JSONValue?
    public var after: JSONValue?

    public init(
        kind: FleetEventKind, trip: String = "", vehicle: String = "", task: String = "", geofence: String = "",
        before: JSONValue?, after: JSONValue?
    ) {
        self.kind = kind
        self.trip = trip
        self.vehicle = vehicle
        self.task = task
        self.geofence = geofence
        self.before = before
        self.after = after
    }
}
