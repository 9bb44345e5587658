import FleetModel
import NIOConcurrencyHelpers
import Synchronization
import TripFollowing

/// What the shipment screen shows: the last answer, when it came, and the last failure.
public struct ShipmentViewState: Sendable, Equatable {
    public var trackingID: String
    public var backendName: String
    public var info: TaskTrackingInfo?
    public var updatedAt: ProtoTimestamp?
    public var failure: TripViewFailure?

    public init(
        trackingID: String, backendName: String, info: TaskTrackingInfo? = nil, updatedAt: ProtoTimestamp? = nil,
        failure: TripViewFailure? = nil
    ) {
        self.trackingID = trackingID
        self.backendName = backendName
        self.info = info
        self.updatedAt = updatedAt
        self.failure = failure
    }
}

/// The shipment screen's ``ShipmentTrackerSubscriber``: folds answers and failures into a ``ShipmentViewState``
/// that the event loop copies once per frame, behind a lock, with a generation counter saying whether anything
/// changed since the last frame (as ``FleetViewSubscriber`` does for the fleet).
public final class ShipmentViewSubscriber: ShipmentTrackerSubscriber {
    private let state: NIOLockedValueBox<ShipmentViewState>
    private let generationCounter = Atomic<UInt64>(0)
    private let now: @Sendable () -> ProtoTimestamp

    public init(trackingID: String, backendName: String, now: @escaping @Sendable () -> ProtoTimestamp) {
        state = NIOLockedValueBox(ShipmentViewState(trackingID: trackingID, backendName: backendName))
        self.now = now
    }

    public var generation: UInt64 { generationCounter.load(ordering: .acquiring) }
    public var snapshot: ShipmentViewState { state.withLockedValue { $0 } }

    private func change(_ body: (inout ShipmentViewState) -> Void) {
        state.withLockedValue { body(&$0) }
        generationCounter.add(1, ordering: .releasing)
    }

    public func shipmentTracker(
        _ tracker: ShipmentTracker, didUpdate info: TaskTrackingInfo, changed: [ShipmentElement]
    ) async {
        let at = now()
        change { state in
            state.info = info
            state.updatedAt = at
            state.failure = nil
        }
    }

    public func shipmentTracker(
        _ tracker: ShipmentTracker, didRecoverAfter failures: Int, lastError: TripServiceError
    ) async {
        change { $0.failure = nil }
    }

    public func shipmentTracker(_ tracker: ShipmentTracker, didFailWithError error: TripServiceError) async {
        let count = await tracker.consecutiveFailures
        let delay = await tracker.retryDelay
        let at = now()
        change { $0.failure = TripViewFailure(error: error, count: count, at: at, retryDelay: delay) }
    }
}
