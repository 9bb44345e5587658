import FleetModel

/// Receives a followed trip's changes, mirroring the Consumer SDK's `GMTCTripModelSubscriber`.
///
/// Every method is optional. For each update the model calls, in this order and each at most once: status, vehicle
/// location, active route, remaining distance, traffic, pickup location, pickup ETA, dropoff location, dropoff ETA,
/// intermediate destinations, remaining waypoints — only those that changed (all that are present on a subscriber's
/// first update) — then `didUpdate trip` with the mask of everything that changed. Callbacks come one at a time,
/// in order; a subscriber that is unregistered or deallocated stops receiving them at once.
///
/// Subscribers are held weakly, so the model never keeps one alive; conforming actors get their callbacks on
/// their own executor.
public protocol TripModelSubscriber: AnyObject, Sendable {
    func tripModel(_ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields) async
    func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async
    func tripModel(_ model: TripModel, didUpdate vehicleLocation: VehicleLocation?) async
    func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async
    func tripModel(_ model: TripModel, didUpdateActiveRouteRemainingDistance meters: Int32?) async
    func tripModel(_ model: TripModel, didUpdateActiveRouteTraffic traffic: ConsumableTrafficPolyline?) async
    func tripModel(_ model: TripModel, didUpdatePickupLocation pickup: TerminalLocation?) async
    func tripModel(_ model: TripModel, didUpdatePickupETA eta: ProtoTimestamp?) async
    func tripModel(_ model: TripModel, didUpdateDropoffLocation dropoff: TerminalLocation?) async
    func tripModel(_ model: TripModel, didUpdateDropoffETA eta: ProtoTimestamp?) async
    func tripModel(_ model: TripModel, didUpdateIntermediateDestinations destinations: [TerminalLocation]) async
    func tripModel(_ model: TripModel, didUpdateRemaining waypoints: [TripWaypoint]) async
    /// A poll failed. Called for every failed poll; ``TripModel/retryDelay`` says when the next one is.
    func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async
    /// A poll succeeded after `failures` failed ones, so an error shown for them can be cleared. Called before the
    /// update's own callbacks.
    func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async
}

extension TripModelSubscriber {
    public func tripModel(
        _ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields
    ) async {}
    public func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async {}
    public func tripModel(_ model: TripModel, didUpdate vehicleLocation: VehicleLocation?) async {}
    public func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async {}
    public func tripModel(_ model: TripModel, didUpdateActiveRouteRemainingDistance meters: Int32?) async {}
    public func tripModel(_ model: TripModel, didUpdateActiveRouteTraffic traffic: ConsumableTrafficPolyline?) async {}
    public func tripModel(_ model: TripModel, didUpdatePickupLocation pickup: TerminalLocation?) async {}
    public func tripModel(_ model: TripModel, didUpdatePickupETA eta: ProtoTimestamp?) async {}
    public func tripModel(_ model: TripModel, didUpdateDropoffLocation dropoff: TerminalLocation?) async {}
    public func tripModel(_ model: TripModel, didUpdateDropoffETA eta: ProtoTimestamp?) async {}
    public func tripModel(_ model: TripModel, didUpdateIntermediateDestinations destinations: [TerminalLocation]) async
    {}
    public func tripModel(_ model: TripModel, didUpdateRemaining waypoints: [TripWaypoint]) async {}
    public func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {}
    public func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async {}
}
