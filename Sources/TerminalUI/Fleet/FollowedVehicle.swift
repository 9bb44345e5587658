import FleetModel
import TripFollowing

/// One vehicle followed across its trips, as the JavaScript SDK's vehicle location provider shows it: its current
/// trips' remaining stops in the order the vehicle will reach them (its `waypoints`, which interleave the trips of
/// a back-to-back or shared ride), its route segment to the next stop, and the remaining distance and ETA to that
/// stop. Built afresh from every listing, so a trip that ends or a new one assigned shows at the next poll.
public struct FollowedVehicle: Sendable, Equatable {
    public struct Stop: Sendable, Equatable {
        public var tripID: String
        public var kind: WaypointType
        public var point: LatLng?
        public var eta: ProtoTimestamp?
    }

    public var name: String
    public var row: FleetRow
    public var stops: [Stop]
    /// The route to the first stop, decoded from `currentRouteSegment` (empty when there is none or it is garbled).
    public var routeSegment: [LatLng]
    public var remainingDistanceMeters: Int32?
    public var eta: ProtoTimestamp?
    /// Whether the last listing still held the vehicle; when not, the last known state is shown and said to be old.
    public var isListed: Bool

    public init(_ vehicle: FleetVehicle) {
        let listed = vehicle.vehicle
        name = listed.name
        row = FleetRow(vehicle)
        stops = listed.waypoints.map { waypoint in
            Stop(
                tripID: FleetRow.lastPart(of: waypoint.tripId), kind: waypoint.waypointType,
                point: waypoint.location?.point, eta: waypoint.eta)
        }
        routeSegment = (try? S2Polyline.decode(listed.currentRouteSegment)) ?? []
        if routeSegment.isEmpty, let first = listed.waypoints.first { routeSegment = first.pathToWaypoint }
        remainingDistanceMeters = listed.remainingDistanceMeters ?? listed.waypoints.first?.distanceMeters
        eta = listed.etaToFirstWaypoint ?? listed.waypoints.first?.eta
        isListed = true
    }

    /// Takes the vehicle from a new listing, or marks it gone when the listing no longer has it.
    public mutating func update(from fleet: [FleetVehicle]) {
        if let now = fleet.first(where: { $0.name == name }) {
            self = FollowedVehicle(now)
        } else {
            isListed = false
        }
    }

    /// The points the camera fits while following: the vehicle, its route segment and its stops.
    public var pointsToFit: [LatLng] {
        [row.position].compactMap { $0 } + routeSegment + stops.compactMap(\.point)
    }
}
