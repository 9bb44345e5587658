import FleetModel

/// Derives a trip's server-maintained fields from its assigned vehicle's last report, as Fleet Engine does:
/// last location, route to the next stop (`route`, S2 `currentRouteSegment`, its end point and traffic),
/// remaining distance and time, remaining waypoints with distance and ETA each, and pickup/dropoff estimates.
///
/// Derived when a trip is read rather than stored, so a trip always reflects its vehicle's newest report and
/// `remainingTimeToFirstWaypoint` counts from the moment of the answer.
public enum TripProgress {
    /// Speed assumed for legs the vehicle has not reported a route for (after the first stop): 30 km/h.
    static let assumedSpeedMetersPerSecond = 30.0 / 3.6

    /// `stored` with its derived fields filled from `vehicle` (nil when unassigned or gone) at `now`.
    public static func derive(_ stored: Trip, vehicle: Vehicle?, now: ProtoTimestamp) -> Trip {
        var trip = stored
        guard !trip.tripStatus.isTerminal, !trip.vehicleId.isEmpty, let vehicle,
            vehicle.name.split(ascii: UInt8(ascii: "/")).last.map(String.init) == trip.vehicleId
        else { return trip }
        trip.lastLocation = vehicle.lastLocation
        trip.lastLocationSnappable = vehicle.lastLocation?.isRoadSnapped ?? false

        let id = TripWaypoints.tripID(trip)
        var stops = vehicle.waypoints
        if !stops.contains(where: { $0.tripId == id }) { stops = TripWaypoints.remaining(of: trip) }
        guard let last = stops.lastIndex(where: { $0.tripId == id }) else { return trip }
        stops = Array(stops[...last])
        let first = stops[0]

        // The reported segment counts only if it leads to this first stop.
        let segmentEnd = vehicle.currentRouteSegmentEndPoint
        let segmentMatches =
            segmentEnd.map {
                $0.tripId.isEmpty || ($0.tripId == first.tripId && $0.waypointType == first.waypointType)
            } ?? true
        var path = segmentMatches ? (try? S2Polyline.decode(vehicle.currentRouteSegment)) ?? [] : []
        let reported = !path.isEmpty
        let here = vehicle.lastLocation?.location
        if path.isEmpty, let here, let target = first.location?.point { path = [here, target] }
        guard !path.isEmpty else { return trip }

        let segmentVersion =
            (reported ? vehicle.currentRouteSegmentVersion : nil) ?? vehicle.waypointsVersion
            ?? vehicle.lastLocation?.serverTime
        let pathDistance = here.flatMap { path.remainingDistance(from: $0) } ?? path.length
        let firstDistance = (segmentMatches ? vehicle.remainingDistanceMeters : nil) ?? Int32(pathDistance.rounded())
        let firstETA =
            (segmentMatches ? vehicle.etaToFirstWaypoint : nil)
            ?? now + .milliseconds(Int64(Double(firstDistance) / assumedSpeedMetersPerSecond * 1000))
        let segment = reported ? vehicle.currentRouteSegment : S2Polyline.encode(path)

        trip.route = path
        trip.currentRouteSegment = segment
        trip.currentRouteSegmentVersion = segmentVersion
        trip.currentRouteSegmentEndPoint = TripWaypoint(
            location: first.location, tripId: first.tripId, waypointType: first.waypointType)
        if reported, let traffic = TrafficPolylineConversion.consumable(vehicle.currentRouteSegmentTraffic, along: path)
        {
            trip.currentRouteSegmentTraffic = traffic
            trip.currentRouteSegmentTrafficVersion = segmentVersion
        }
        trip.remainingDistanceMeters = firstDistance
        trip.etaToFirstWaypoint = firstETA
        trip.remainingTimeToFirstWaypoint = ProtoDuration(max(.zero, firstETA - now))

        var waypoints: [TripWaypoint] = []
        var previous = first.location?.point
        var eta = firstETA
        for (i, stop) in stops.enumerated() {
            var waypoint = TripWaypoint(location: stop.location, tripId: stop.tripId, waypointType: stop.waypointType)
            if i == 0 {
                waypoint.encodedPathToWaypoint = segment
                waypoint.trafficToWaypoint = trip.currentRouteSegmentTraffic
                waypoint.distanceMeters = firstDistance
            } else if let from = previous, let to = stop.location?.point {
                let distance = Geo.distance(from, to)
                waypoint.encodedPathToWaypoint = S2Polyline.encode([from, to])
                waypoint.distanceMeters = Int32(distance.rounded())
                eta = eta + .milliseconds(Int64(distance / assumedSpeedMetersPerSecond * 1000))
                previous = to
            }
            waypoint.eta = eta
            waypoint.duration = ProtoDuration(max(.zero, eta - now))
            waypoints.append(waypoint)
        }
        trip.remainingWaypoints = waypoints
        trip.remainingWaypointsVersion = vehicle.waypointsVersion ?? segmentVersion
        trip.remainingWaypointsRouteVersion = [segmentVersion, vehicle.waypointsVersion].compactMap { $0 }.max()

        if [.new, .enrouteToPickup, .arrivedAtPickup].contains(trip.tripStatus),
            let pickup = waypoints.first(where: { $0.tripId == id && $0.waypointType == .pickupWaypointType })
        {
            trip.pickupTime = pickup.eta
        }
        if let dropoff = waypoints.last(where: { $0.tripId == id && $0.waypointType == .dropOffWaypointType }) {
            trip.dropoffTime = dropoff.eta
        }
        return trip
    }
}
