/// The kinds of fleet event, by the names the webhook payload's `type` and `tripterm events` use. The names are
/// stable: a backend's code switches on them (docs/server.md, "Events").
public enum FleetEventKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// A trip's status changed (or a trip was created): `tripStatus` before and after.
    case tripStatus = "trip-status"
    /// The ETA to a trip's next stop moved from its baseline by at least the absolute threshold.
    case tripEta = "trip-eta"
    /// The ETA to a trip's next stop moved from its baseline by at least the relative threshold of the duration.
    case tripEtaRelative = "trip-eta-relative"
    /// The time left to a trip's next stop went below a threshold.
    case tripTimeRemaining = "trip-time-remaining"
    /// The distance left to a trip's next stop went below a threshold.
    case tripDistanceRemaining = "trip-distance-remaining"
    /// A vehicle went ONLINE or OFFLINE.
    case vehicleState = "vehicle-state"
    /// An ONLINE vehicle sent no location for the configured time.
    case vehicleNotUpdating = "vehicle-not-updating"
    /// A vehicle that was not updating reported again.
    case vehicleUpdating = "vehicle-updating"
    /// A vehicle's (or a delivery vehicle's) location came inside a geofence.
    case geofenceEnter = "geofence-enter"
    /// A vehicle's (or a delivery vehicle's) location left a geofence.
    case geofenceExit = "geofence-exit"
    /// A delivery task's outcome was set (SUCCEEDED or FAILED).
    case taskOutcome = "task-outcome"
    /// The ETA to the stop of a task at its van's next stop moved by at least the absolute threshold.
    case taskEta = "task-eta"
    /// The same ETA moved by at least the relative threshold of the duration.
    case taskEtaRelative = "task-eta-relative"
    /// The time left to a task's stop, the van's next, went below a threshold.
    case taskTimeRemaining = "task-time-remaining"
    /// The distance left to a task's stop, the van's next, went below a threshold.
    case taskDistanceRemaining = "task-distance-remaining"
}
