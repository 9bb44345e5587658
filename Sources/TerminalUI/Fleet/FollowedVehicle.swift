import FleetModel
import TripFollowing

/// One vehicle followed, as the JavaScript SDK's vehicle location provider shows it: its remaining stops in the
/// order it will reach them (an on-demand vehicle's `waypoints`, which interleave the trips of a back-to-back or
/// shared ride; a delivery vehicle's stops rebuilt from its OPEN tasks), its route segment to the next stop, and the
/// remaining distance and ETA to that stop. Built afresh from every listing, so a trip that ends, a task closed or a
/// new one assigned shows at the next poll.
public struct FollowedVehicle: Sendable, Equatable {
    public var name: String
    public var row: FleetRow
    public var stops: [FleetStop]
    /// The route to the first stop, decoded from `currentRouteSegment` (empty when there is none or it is garbled),
    /// else the first leg's path.
    public var routeSegment: [LatLng]
    public var remainingDistanceMeters: Int32?
    public var eta: ProtoTimestamp?
    /// Whether the last listing still held the vehicle; when not, the last known state is shown and said to be old.
    public var isListed: Bool

    public init(_ vehicle: FleetVehicle) {
        name = vehicle.name
        row = FleetRow(vehicle)
        stops = vehicle.stops
        isListed = true
        switch vehicle.listed {
        case .onDemand(let listed):
            routeSegment = (try? S2Polyline.decode(listed.currentRouteSegment)) ?? []
            if routeSegment.isEmpty, let first = listed.waypoints.first { routeSegment = first.pathToWaypoint }
            remainingDistanceMeters = listed.remainingDistanceMeters ?? listed.waypoints.first?.distanceMeters
            eta = listed.etaToFirstWaypoint ?? listed.waypoints.first?.eta
        case .delivery(let listed, _):
            // The driver's app reports the leg to the next stop; a task's journey sharing has the server's.
            let leg = stops.first?.tasks.lazy.compactMap {
                $0.journeySharingInfo?.remainingVehicleJourneySegments.first
            }
            .first
            routeSegment = (try? S2Polyline.decode(bytes: [UInt8](listed.currentRouteSegment))) ?? []
            if routeSegment.isEmpty { routeSegment = leg?.path ?? [] }
            remainingDistanceMeters = listed.remainingDistanceMeters ?? leg?.drivingDistanceMeters
            // The remaining time is the driver's as it reported: the ETA counts from that report.
            if let reported = vehicle.lastLocation?.reportedAt,
                let left = listed.remainingDuration ?? leg?.drivingDuration
            {
                eta = reported + left.duration
            } else {
                eta = nil
            }
        }
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
