import FleetModel

/// A subscriber that lets a command wait for the followed trip to end (COMPLETE or CANCELED). Registered last, it
/// hears of the end after every other subscriber has printed or recorded it.
public actor TripEndWaiter: TripModelSubscriber {
    private var finalStatus: TripStatus?

    public init() {}

    private var waiters: [CheckedContinuation<TripStatus, Never>] = []

    public func tripModel(
        _ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields
    ) async {
        guard trip.tripStatus.isTerminal, finalStatus == nil else { return }
        finalStatus = trip.tripStatus
        for waiter in waiters { waiter.resume(returning: trip.tripStatus) }
        waiters = []
    }

    /// Returns the terminal status once the trip has ended.
    public func wait() async -> TripStatus {
        if let finalStatus { return finalStatus }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
