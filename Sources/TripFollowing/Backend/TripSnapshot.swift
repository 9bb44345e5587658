import FleetModel

/// A trip as a backend saw it at one moment: the unit a ``TripModel`` diffs and a recorder writes.
public struct TripSnapshot: Sendable, Hashable {
    public var trip: Trip
    /// When the backend observed this state (server time for live backends, replay time for recordings).
    public var observedAt: ProtoTimestamp

    public init(trip: Trip, observedAt: ProtoTimestamp) {
        self.trip = trip
        self.observedAt = observedAt
    }
}
