/// The kinds of fleet event, by the names the webhook payload's `type` and `tripterm events` use. The names are
/// stable: a backend's code switches on them (docs/server.md, "Events").
public enum FleetEventKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// A trip's status changed (or a trip was created): `tripStatus` before and after.
    case tripStatus = "trip-status"
    /// The ETA to a trip's next stop moved from its baseline by more than the threshold.
    case tripEta = "trip-eta"
    /// A vehicle went ONLINE or OFFLINE.
    case vehicleState = "vehicle-state"
    /// An ONLINE vehicle sent no location for the configured time.
    case vehicleNotUpdating = "vehicle-not-updating"
    /// A vehicle that was not updating reported again.
    case vehicleUpdating = "vehicle-updating"
    /// A vehicle's location came inside a geofence.
    case geofenceEnter = "geofence-enter"
    /// A vehicle's location left a geofence.
    case geofenceExit = "geofence-exit"
    /// A delivery task's outcome was set (SUCCEEDED or FAILED).
    case taskOutcome = "task-outcome"
}
