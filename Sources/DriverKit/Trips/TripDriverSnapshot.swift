import FleetModel

/// What a ``TripDriver`` knows at one moment — the newest fix, the guidance to the next stop, the vehicle with its
/// stops, its trips — as a plain value for consoles and printers.
public struct TripDriverSnapshot: Sendable {
    public var fix: LocationFix?
    public var progress: RouteProgress?
    /// The vehicle as last read or reported: its state, trips and remaining stops.
    public var vehicle: Vehicle
    /// The vehicle's trips by id, as last read or changed.
    public var trips: [String: Trip] = [:]

    public init(vehicle: Vehicle) { self.vehicle = vehicle }

    /// The trip the next stop belongs to, else the first assigned trip.
    public var currentTripID: String? { vehicle.waypoints.first?.tripId ?? vehicle.currentTrips.first }

    /// The next stop, said as a driver would: `pickup of trip-1`.
    public var nextStop: String? {
        guard let next = vehicle.waypoints.first else { return nil }
        let kind =
            switch next.waypointType {
            case .pickupWaypointType: "pickup"
            case .dropOffWaypointType: "dropoff"
            case .intermediateDestinationWaypointType: "stop"
            default: "waypoint"
            }
        return "\(kind) of \(next.tripId)"
    }
}
