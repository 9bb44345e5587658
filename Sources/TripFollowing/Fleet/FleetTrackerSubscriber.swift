import FleetEvents
import FleetModel

/// Hears what a ``FleetTracker`` sees, one callback at a time, in order: the fleet view, a headless printer.
public protocol FleetTrackerSubscriber: AnyObject, Sendable {
    /// A complete listing arrived; `fleet` is every vehicle now, `update` what changed since the last one (on a
    /// subscriber's first call, every vehicle has appeared).
    func fleetTracker(_ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate) async
    /// The same listing's task list, after its vehicles, when the tracker lists one (``FleetScope/taskFilter``):
    /// every task now, in name order, and what changed since the last (on the first call, every task appeared).
    func fleetTracker(
        _ tracker: FleetTracker, didUpdateTasks tasks: [DeliveryTask], changes: FleetChanges<DeliveryTask>) async
    /// A listing failed (any page); the last complete fleet stays what it was.
    func fleetTracker(_ tracker: FleetTracker, didFailWithError error: TripServiceError) async
    /// The first complete listing after failures.
    func fleetTracker(_ tracker: FleetTracker, didRecoverAfter failures: Int, lastError: TripServiceError) async
    /// Delivery vehicles are no longer listed (``FleetScope/Deliveries/whenAvailable``): the Deliveries API refused
    /// with `refusal`, and the on-demand fleet goes on alone. Told once, before the listing without them.
    func fleetTracker(_ tracker: FleetTracker, didStopListingDeliveries refusal: TripServiceError) async
    /// The events recorded since the last poll (oldest first, perhaps none), after the poll's listing, while the
    /// tracker reads them (``FleetScope/events``).
    func fleetTracker(_ tracker: FleetTracker, didReadEvents events: [FleetEventRecord]) async
    /// Events are no longer read: the backend refused with `refusal` (UNIMPLEMENTED: a server that records none;
    /// NOT_FOUND: one without the endpoint, as Google's). Told once, after the listing of the poll that found out.
    func fleetTracker(_ tracker: FleetTracker, didStopReadingEvents refusal: TripServiceError) async
}

extension FleetTrackerSubscriber {
    public func fleetTracker(
        _ tracker: FleetTracker, didUpdateTasks tasks: [DeliveryTask], changes: FleetChanges<DeliveryTask>
    ) async {}
    public func fleetTracker(_ tracker: FleetTracker, didFailWithError error: TripServiceError) async {}
    public func fleetTracker(_ tracker: FleetTracker, didRecoverAfter failures: Int, lastError: TripServiceError) async
    {}
    public func fleetTracker(_ tracker: FleetTracker, didStopListingDeliveries refusal: TripServiceError) async {}
    public func fleetTracker(_ tracker: FleetTracker, didReadEvents events: [FleetEventRecord]) async {}
    public func fleetTracker(_ tracker: FleetTracker, didStopReadingEvents refusal: TripServiceError) async {}
}
