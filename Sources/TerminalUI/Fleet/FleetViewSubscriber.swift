import FleetEvents
import FleetModel
import NIOConcurrencyHelpers
import Synchronization
import TripFollowing

/// The fleet screen's ``FleetTrackerSubscriber``: folds listings and failures into a ``FleetViewState`` that the
/// event loop copies once per frame. As with the trip screens' subscriber, callbacks arrive on the tracker's
/// executor and the loop reads on its own, so the state sits behind a lock and a generation counter says whether
/// anything changed since the last frame.
public final class FleetViewSubscriber: FleetTrackerSubscriber {
    private let state: NIOLockedValueBox<FleetViewState>
    private let generationCounter = Atomic<UInt64>(0)
    private let now: @Sendable () -> ProtoTimestamp

    /// - Parameter now: the view's clock, which stamps listings and failures.
    public init(backendName: String, pollInterval: Duration, now: @escaping @Sendable () -> ProtoTimestamp) {
        state = NIOLockedValueBox(FleetViewState(backendName: backendName, pollInterval: pollInterval))
        self.now = now
    }

    /// Bumped on every change; compare with the value seen at the last frame.
    public var generation: UInt64 { generationCounter.load(ordering: .acquiring) }

    /// A copy of the current state.
    public var snapshot: FleetViewState { state.withLockedValue { $0 } }

    private func change(_ body: (inout FleetViewState) -> Void) {
        state.withLockedValue { body(&$0) }
        generationCounter.add(1, ordering: .releasing)
    }

    public func fleetTracker(
        _ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate
    )
        async
    {
        let at = now()
        change { $0.take(fleet, at: at) }
    }

    public func fleetTracker(
        _ tracker: FleetTracker, didUpdateTasks tasks: [DeliveryTask], changes: FleetChanges<DeliveryTask>
    ) async {
        change { $0.take(tasks: tasks) }
    }

    public func fleetTracker(_ tracker: FleetTracker, didFailWithError error: TripServiceError) async {
        let count = await tracker.consecutiveFailures
        let delay = await tracker.retryDelay
        let page = await tracker.lastFailedPage
        let method = await tracker.lastFailedMethod
        let at = now()
        let hint = FleetTracker.hint(for: error, page: page, method: method)
        change { $0.failure = TripViewFailure(error: error, count: count, at: at, retryDelay: delay, hint: hint) }
    }

    public func fleetTracker(_ tracker: FleetTracker, didStopListingDeliveries refusal: TripServiceError) async {
        change { $0.deliveriesRefusal = refusal.code.name }
    }

    public func fleetTracker(_ tracker: FleetTracker, didReadEvents events: [FleetEventRecord]) async {
        change { $0.take(events: events) }
    }

    public func fleetTracker(_ tracker: FleetTracker, didStopReadingEvents refusal: TripServiceError) async {
        change { $0.stopEvents(refusal) }
    }

    public func fleetTracker(
        _ tracker: FleetTracker, didRecoverAfter failures: Int, lastError: TripServiceError
    )
        async
    {
        change { $0.failure = nil }
    }
}
