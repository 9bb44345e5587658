import FleetModel

/// The next status a driver moves a trip to — the driver app's "arrived" / "start" / "complete" buttons — and the
/// UpdateTrip that does it.
///
/// NEW → ENROUTE_TO_PICKUP → ARRIVED_AT_PICKUP → (ENROUTE_TO_INTERMEDIATE_DESTINATION → ARRIVED_AT_INTERMEDIATE_DESTINATION,
/// for each intermediate destination, with `intermediateDestinationIndex`) → ENROUTE_TO_DROPOFF → COMPLETE.
public struct TripStep: Hashable, Sendable {
    public var status: TripStatus
    /// Set when the step moves to an intermediate destination.
    public var intermediateDestinationIndex: Int32?

    public init(status: TripStatus, intermediateDestinationIndex: Int32? = nil) {
        self.status = status
        self.intermediateDestinationIndex = intermediateDestinationIndex
    }

    /// The step after `trip`'s status; nil once COMPLETE or CANCELED.
    public static func next(after trip: Trip) -> TripStep? {
        let count = Int32(trip.intermediateDestinations.count)
        let index = trip.intermediateDestinationIndex
        switch trip.tripStatus {
        case .unknownTripStatus, .new: return TripStep(status: .enrouteToPickup)
        case .enrouteToPickup: return TripStep(status: .arrivedAtPickup)
        case .arrivedAtPickup:
            return count > 0
                ? TripStep(status: .enrouteToIntermediateDestination, intermediateDestinationIndex: 0)
                : TripStep(status: .enrouteToDropoff)
        case .enrouteToIntermediateDestination: return TripStep(status: .arrivedAtIntermediateDestination)
        case .arrivedAtIntermediateDestination:
            return index + 1 < count
                ? TripStep(status: .enrouteToIntermediateDestination, intermediateDestinationIndex: index + 1)
                : TripStep(status: .enrouteToDropoff)
        case .enrouteToDropoff: return TripStep(status: .complete)
        case .complete, .canceled: return nil
        }
    }

    /// The trip patch and mask that apply this step.
    public var update: (trip: Trip, updateMask: [String]) {
        var trip = Trip()
        trip.tripStatus = status
        var mask = ["tripStatus"]
        if let intermediateDestinationIndex {
            trip.intermediateDestinationIndex = intermediateDestinationIndex
            mask.append("intermediateDestinationIndex")
        }
        return (trip, mask)
    }

    /// Cancelling, which the driver may do at any time before the trip ends.
    public static let cancel = TripStep(status: .canceled)
}
