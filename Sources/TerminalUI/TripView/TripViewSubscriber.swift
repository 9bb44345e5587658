import FleetModel
import NIOConcurrencyHelpers
import Synchronization
import TripFollowing

/// The TUI's ``TripModelSubscriber``: folds callbacks back into the model's ``JourneySharingState`` (in a
/// ``TripViewState``) that the event loop reads once per frame. Callbacks arrive on the model's executor and the loop runs on the main thread, so the state sits behind
/// a mutex and a generation counter tells the loop, without copying, whether anything changed since its last frame.
public final class TripViewSubscriber: TripModelSubscriber {
    private let state: NIOLockedValueBox<TripViewState>
    private let generationCounter = Atomic<UInt64>(0)
    private let now: @Sendable () -> ProtoTimestamp

    /// - Parameter now: the view's clock (replay time in replays, wall time live), used to stamp failures.
    public init(tripName: TripName, backendName: String, now: @escaping @Sendable () -> ProtoTimestamp) {
        state = NIOLockedValueBox(TripViewState(tripName: tripName, backendName: backendName))
        self.now = now
    }

    /// Bumped on every change; compare with the value seen at the last frame.
    public var generation: UInt64 { generationCounter.load(ordering: .acquiring) }

    /// A copy of the current state.
    public var snapshot: TripViewState { state.withLockedValue { $0 } }

    /// Forgets the trip (a replay seeking backwards or looping starts over).
    public func reset() {
        change { $0 = TripViewState(tripName: $0.tripName, backendName: $0.backendName) }
    }

    /// What the recorder says about the recording (``TripRecorder/watch(_:)``); nil once it writes again.
    public func setRecordingProblem(_ text: String?) {
        change { $0.recordingProblem = text }
    }

    fileprivate func change(_ body: (inout TripViewState) -> Void) {
        state.withLockedValue { body(&$0) }
        generationCounter.add(1, ordering: .releasing)
    }

    public func tripModel(
        _ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields
    ) async {
        let observed = await model.observedAt
        // A vehicle's timeline moves from trip to trip: the panel names the one the update is of.
        let name = trip.name.isEmpty ? nil : (try? TripName(parsing: trip.name))
        change {
            if let name { $0.tripName = name }
            $0.lastUpdate = observed
            $0.updateCount += 1
            $0.route = trip.route
            $0.failure = nil
        }
    }

    public func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async {
        change { $0.journey.tripStatus = tripStatus }
    }

    public func tripModel(_ model: TripModel, didUpdate vehicleLocation: VehicleLocation?) async {
        change {
            $0.journey.vehicleLocation = vehicleLocation
            if let point = vehicleLocation?.location { $0.extendTrail(with: point) }
        }
    }

    public func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async {
        change { $0.journey.activeRoute = route }
    }

    public func tripModel(_ model: TripModel, didUpdateActiveRouteRemainingDistance meters: Int32?) async {
        change { $0.journey.remainingDistanceMeters = meters }
    }

    public func tripModel(_ model: TripModel, didUpdateActiveRouteTraffic traffic: ConsumableTrafficPolyline?) async {
        change { $0.journey.activeRouteTraffic = traffic }
    }

    public func tripModel(_ model: TripModel, didUpdatePickupLocation pickup: TerminalLocation?) async {
        change { $0.journey.pickupLocation = pickup }
    }

    public func tripModel(_ model: TripModel, didUpdatePickupETA eta: ProtoTimestamp?) async {
        change { $0.journey.pickupETA = eta }
    }

    public func tripModel(_ model: TripModel, didUpdateDropoffLocation dropoff: TerminalLocation?) async {
        change { $0.journey.dropoffLocation = dropoff }
    }

    public func tripModel(_ model: TripModel, didUpdateDropoffETA eta: ProtoTimestamp?) async {
        change { $0.journey.dropoffETA = eta }
    }

    public func tripModel(_ model: TripModel, didUpdateIntermediateDestinations destinations: [TerminalLocation]) async
    {
        change { $0.journey.intermediateDestinations = destinations }
    }

    public func tripModel(_ model: TripModel, didUpdateRemaining waypoints: [TripWaypoint]) async {
        change { $0.journey.remainingWaypoints = waypoints }
    }

    public func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {
        let count = await model.consecutiveFailures
        let delay = await model.retryDelay
        let at = now()
        change { $0.failure = TripViewFailure(error: error, count: count, at: at, retryDelay: delay) }
    }

    public func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async {
        change { $0.failure = nil }
    }
}

extension TripViewSubscriber {
    /// Sets the trail (a replay after a seek: the recorded positions up to the new time).
    public func replaceTrail(_ points: [LatLng]) {
        change {
            $0.trail = []
            for point in points { $0.extendTrail(with: point) }
        }
    }
}
