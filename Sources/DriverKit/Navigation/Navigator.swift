import FleetModel
import RoadMap

/// Turn-by-turn's part in journey sharing: routes from the vehicle's position to its next stop on a road map,
/// follows the vehicle along that route, re-routes when it strays, and says when it has arrived.
///
/// ```swift
/// var navigator = Navigator(graph: RoadGraph(map))
/// navigator.setDestination(vehicle.waypoints.first)
/// let progress = navigator.update(position: fix.coordinate)   // hand to VehicleReporter.updateRouteProgress
/// ```
///
/// - A route is planned on the first position after a destination is set.
/// - A position farther than `offRouteThresholdMeters` from the route plans a new one from there (``reroutes``
///   counts them); if the map has no way there, the status is OFF_ROUTE with a straight line to the stop.
/// - Within `arrivalRadiusMeters` of the stop the status is ARRIVED_AT_DESTINATION (Fleet Engine's "about 50 m").
/// - Remaining time is the route's driving time scaled by the part of the route still ahead.
/// - Progress along the route only moves forward, so a route that passes the same street twice is not
///   mistaken for its later part.
public struct Navigator: Sendable {
    public let graph: RoadGraph
    public var offRouteThresholdMeters: Double
    public var arrivalRadiusMeters: Double
    public private(set) var destination: TripWaypoint?
    /// The route being followed, from where it was planned to the road point nearest the stop.
    public private(set) var route: RoadRoute?
    /// How many times the vehicle left its route and a new one was planned.
    public private(set) var reroutes = 0
    public private(set) var progress = RouteProgress.noGuidance
    /// Route segment the vehicle was last matched to (progress never moves back past it).
    private var segmentFloor = 0

    /// Speed for the part off the road network (a stop set back from the road, a map without a way there).
    static let fallbackSpeedMetersPerSecond = 30.0 / 3.6

    public init(graph: RoadGraph, offRouteThresholdMeters: Double = 40, arrivalRadiusMeters: Double = 50) {
        self.graph = graph
        self.offRouteThresholdMeters = offRouteThresholdMeters
        self.arrivalRadiusMeters = arrivalRadiusMeters
    }

    /// Sets the next stop; a different stop drops the current route (nil stops guidance).
    public mutating func setDestination(_ waypoint: TripWaypoint?) {
        let stripped = waypoint.map {
            TripWaypoint(location: $0.location, tripId: $0.tripId, waypointType: $0.waypointType)
        }
        guard stripped != destination else { return }
        destination = stripped
        route = nil
        segmentFloor = 0
        if stripped == nil { progress = .noGuidance }
    }

    /// Follows the vehicle to `position` and returns (and keeps in ``progress``) where it stands.
    @discardableResult
    public mutating func update(position: LatLng) -> RouteProgress {
        guard let destination, let target = destination.location?.point else {
            progress = .noGuidance
            return progress
        }
        let straight = Geo.distance(position, target)
        if straight <= arrivalRadiusMeters {
            progress = RouteProgress(
                navigationStatus: .arrivedAtDestination, destination: destination, remainingPath: [position, target],
                remainingDistanceMeters: straight, remainingTimeSeconds: 0)
            return progress
        }
        if route == nil {
            plan(from: position, to: target)
        } else if let route, let match = match(position, on: route), match.distanceFromPath > offRouteThresholdMeters {
            reroutes += 1
            plan(from: position, to: target)
        }
        guard let route, let match = match(position, on: route) else {
            progress = RouteProgress(
                navigationStatus: .offRoute, destination: destination, remainingPath: [position, target],
                remainingDistanceMeters: straight, remainingTimeSeconds: straight / Self.fallbackSpeedMetersPerSecond)
            return progress
        }
        segmentFloor = match.segmentIndex
        var path = [position]
        if Geo.distance(position, match.point) > 1 { path.append(match.point) }
        path += route.points[(match.segmentIndex + 1)...]
        let tail = Geo.distance(route.end.point, target)
        if tail > 1 { path.append(target) }
        let along = max(0, route.lengthMeters - match.distanceAlongPath)
        let fraction = route.lengthMeters > 0 ? along / route.lengthMeters : 0
        let offRoad = match.distanceFromPath + tail
        progress = RouteProgress(
            navigationStatus: .enrouteToDestination, destination: destination, remainingPath: path,
            remainingDistanceMeters: along + offRoad,
            remainingTimeSeconds: route.durationSeconds * fraction + offRoad / Self.fallbackSpeedMetersPerSecond)
        return progress
    }

    private mutating func plan(from position: LatLng, to target: LatLng) {
        route = graph.route(from: position, to: target)
        segmentFloor = 0
    }

    /// The vehicle's projection on the route, searching from the last matched segment on.
    private func match(_ position: LatLng, on route: RoadRoute) -> PolylineProjection? {
        let points = route.points
        guard points.count > 1 else { return points.closestPoint(to: position) }
        let floor = min(segmentFloor, points.count - 2)
        guard var projection = Array(points[floor...]).closestPoint(to: position) else { return nil }
        projection.segmentIndex += floor
        projection.distanceAlongPath += floor == 0 ? 0 : Array(points[...floor]).length
        return projection
    }
}
