import FleetModel
import TripFollowing

/// What a vehicle's glyph and the list's state column say about it, in the order an operator scans for: stale
/// first (its position cannot be trusted, whatever else it claims), then offline, on a trip, free.
public enum FleetMarkerState: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Online with no current trip: available for dispatch.
    case free
    /// Online with at least one current trip.
    case onTrip
    /// Offline: not taking trips.
    case offline
    /// Its last report is older than the stale threshold, or it has none (``FleetVehicle/isStale``).
    case stale

    public init(_ vehicle: FleetVehicle) {
        if vehicle.isStale {
            self = .stale
        } else if vehicle.vehicle.vehicleState == .offline {
            self = .offline
        } else {
            self = vehicle.vehicle.currentTrips.isEmpty ? .free : .onTrip
        }
    }

    /// The list's word for it.
    public var label: String {
        switch self {
        case .free: "free"
        case .onTrip: "on trip"
        case .offline: "offline"
        case .stale: "stale"
        }
    }

    public static func < (a: FleetMarkerState, b: FleetMarkerState) -> Bool { a.rawValue < b.rawValue }
}
