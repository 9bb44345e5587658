import FleetModel
import TripFollowing

/// What a vehicle's glyph and the list's state column say about it, in the order an operator scans for: stale
/// first (its position cannot be trusted, whatever else it claims), then offline, on a trip or delivering, free.
public enum FleetMarkerState: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Online with no current trip, or a delivery vehicle with no stop ahead: available for work.
    case free
    /// Online with at least one current trip.
    case onTrip
    /// A delivery vehicle with stops ahead.
    case delivering
    /// Offline: not taking trips.
    case offline
    /// Its last report is older than the stale threshold, or it has none (``FleetVehicle/isStale``).
    case stale

    public init(_ vehicle: FleetVehicle) {
        self = vehicle.isStale ? .stale : Self.live(vehicle)
    }

    /// What the vehicle claims, staleness aside (a stale vehicle's glyph keeps its shape).
    static func live(_ vehicle: FleetVehicle) -> FleetMarkerState {
        if vehicle.isOffline { return .offline }
        if vehicle.isDelivery { return vehicle.stops.isEmpty ? .free : .delivering }
        return vehicle.currentTrips.isEmpty ? .free : .onTrip
    }

    /// The list's word for it.
    public var label: String {
        switch self {
        case .free: "free"
        case .onTrip: "on trip"
        case .delivering: "delivering"
        case .offline: "offline"
        case .stale: "stale"
        }
    }

    public static func < (a: FleetMarkerState, b: FleetMarkerState) -> Bool { a.rawValue < b.rawValue }
}
