import FleetModel
import TripFollowing

/// An ETA first promised after assignment against the actual arrival.
public struct ETAOutcome: Sendable, Hashable {
    public var promise: ETAPromise?
    /// ARRIVED_AT_PICKUP for the pickup, COMPLETE for the dropoff.
    public var arrival: ProtoTimestamp?

    public init(promise: ETAPromise? = nil, arrival: ProtoTimestamp? = nil) {
        self.promise = promise
        self.arrival = arrival
    }

    /// Arrival minus the promised ETA, in seconds: positive when late.
    public var errorSeconds: Double? {
        guard let promise, let arrival else { return nil }
        return (arrival - promise.eta).inSeconds
    }
}
