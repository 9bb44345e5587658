import FleetModel
import RoadMap

/// The path a simulated vehicle drives through its trips' or its deliveries' stops: from its last location (or, when
/// it has none, a road point about 800 m before its first stop) through each of its remaining stops, on the roads when
/// there is a road map.
public struct SimulatedRoute: Sendable {
    /// How far before the first stop a vehicle with no location starts.
    public static let approachMeters = 800.0

    public var path: [LatLng]
    /// The vehicle's stops in order, each a point of `path`.
    public var stops: [LatLng]

    /// Where a drive of `vehicle` begins, or near it: its last location, else its first stop — the place whose road
    /// map the drive takes.
    public static func anchor(of vehicle: Vehicle) -> LatLng? {
        vehicle.lastLocation?.location ?? stops(of: vehicle).first
    }

    public static func anchor(of vehicle: DeliveryVehicle) -> LatLng? {
        vehicle.lastLocation?.location ?? stops(of: vehicle).first
    }

    private static func stops(of vehicle: Vehicle) -> [LatLng] { vehicle.waypoints.compactMap { $0.location?.point } }

    private static func stops(of vehicle: DeliveryVehicle) -> [LatLng] {
        vehicle.remainingVehicleJourneySegments.compactMap { $0.stop?.plannedLocation?.point }
    }

    /// The route through `vehicle`'s remaining waypoints; an error when it has none.
    public init(vehicle: Vehicle, graph: RoadGraph?) throws(LocationSourceError) {
        let stops = Self.stops(of: vehicle)
        guard !stops.isEmpty else {
            throw LocationSourceError(
                "--simulate: vehicle \(vehicle.name) has no trip to drive (no remaining waypoints); assign it a trip first, or use --gpx, --nmea or --gpsd"
            )
        }
        self.init(from: vehicle.lastLocation?.location, through: stops, graph: graph)
    }

    /// The route through a delivery vehicle's remaining stops; an error when it has none.
    public init(deliveryVehicle vehicle: DeliveryVehicle, graph: RoadGraph?) throws(LocationSourceError) {
        let stops = Self.stops(of: vehicle)
        guard !stops.isEmpty else {
            throw LocationSourceError(
                "--simulate: delivery vehicle \(vehicle.name) has no stop to drive to (no remaining segments); assign it tasks first, or use --gpx, --nmea or --gpsd"
            )
        }
        self.init(from: vehicle.lastLocation?.location, through: stops, graph: graph)
    }

    /// From `start` (else a road point ``approachMeters`` before the first stop) through `stops`, which is not empty.
    init(from start: LatLng?, through stops: [LatLng], graph: RoadGraph?) {
        var origin = start ?? Geo.destination(from: stops[0], bearing: 225, distance: Self.approachMeters)
        if start == nil, let snapped = graph?.nearest(to: origin)?.point { origin = snapped }
        var path = [origin]
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
