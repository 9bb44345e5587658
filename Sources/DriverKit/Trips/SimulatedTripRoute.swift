import FleetModel
import RoadMap

/// The path a simulated vehicle drives through its trips: from its last location (or, when it has none, a road point
/// about 800 m before its first stop) through each of its remaining stops, on the roads when there is a road map.
public struct SimulatedTripRoute: Sendable {
    /// How far before the first stop a vehicle with no location starts.
    public static let approachMeters = 800.0

    public var path: [LatLng]
    /// The vehicle's stops in order, each a point of `path`.
    public var stops: [LatLng]

    /// The route through `vehicle`'s remaining waypoints; an error when it has none.
    public init(vehicle: Vehicle, graph: RoadGraph?) throws(LocationSourceError) {
        let stops = vehicle.waypoints.compactMap { $0.location?.point }
        guard let first = stops.first else {
            throw LocationSourceError(
                "--simulate: vehicle \(vehicle.name) has no trip to drive (no remaining waypoints); assign it a trip first, or use --gpx, --nmea or --gpsd"
            )
        }
        var start =
            vehicle.lastLocation?.location ?? Geo.destination(from: first, bearing: 225, distance: Self.approachMeters)
        if vehicle.lastLocation?.location == nil, let snapped = graph?.nearest(to: start)?.point { start = snapped }
        var path = [start]
        for stop in stops {
            let from = path[path.count - 1]
            let leg = graph?.route(from: from, to: stop)?.points ?? [from]
            path += leg.drop { $0 == from }
            if path.last != stop { path.append(stop) }
        }
        self.path = path
        self.stops = stops
    }
}
