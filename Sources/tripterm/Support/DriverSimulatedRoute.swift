import FleetModel
import RoadMap

/// The path `--simulate` drives: from the vehicle's last location (or, when it has none, a road point about 800 m
/// before its first stop) through each of its remaining stops, on the roads when there is a road map.
enum DriverSimulatedRoute {
    /// How far before the first stop a vehicle with no location starts.
    static let approachMeters = 800.0

    static func path(for vehicle: Vehicle, graph: RoadGraph?) throws -> [LatLng] {
        let stops = vehicle.waypoints.compactMap { $0.location?.point }
        guard let first = stops.first else {
            throw CommandFailure(
                "--simulate: vehicle \(vehicle.name) has no trip to drive (no remaining waypoints); assign it a trip first, or use --gpx, --nmea or --gpsd")
        }
        var start = vehicle.lastLocation?.location
            ?? Geo.destination(from: first, bearing: 225, distance: approachMeters)
        if vehicle.lastLocation?.location == nil, let snapped = graph?.nearest(to: start)?.point { start = snapped }
        var path = [start]
        for stop in stops {
            let from = path[path.count - 1]
            let leg = graph?.route(from: from, to: stop)?.points ?? [from]
            path += leg.drop { $0 == from }
            if path.last != stop { path.append(stop) }
        }
        return path
    }
}
