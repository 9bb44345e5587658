import FleetModel

/// Everything a map frame shows, in world coordinates. Equatable so a renderer can tell which layers changed:
/// arrays that were not rebuilt compare by identity, which is what keeps a vehicle-only frame cheap.
public struct MapScene: Equatable, Sendable {
    /// The base map, drawn under everything else.
    public var roads: [MapRoad]
    /// Where the vehicle has been (breadcrumbs).
    public var trail: [LatLng]
    /// The whole remaining route, to the last stop.
    public var route: [LatLng]
    /// The route to the next stop, drawn over ``route`` and coloured by ``traffic``.
    public var activeRoute: [LatLng]
    /// Traffic along ``activeRoute``: point indices into it, as Fleet Engine's `ConsumableTrafficPolyline` gives them.
    public var traffic: [SpeedReadingInterval]
    public var vehicle: MapVehicle?
    public var pickup: LatLng?
    public var dropoff: LatLng?
    /// Intermediate destinations, numbered 1…n on the map.
    public var stops: [LatLng]
    public var labels: [MapLabel]

    public init(
        roads: [MapRoad] = [], trail: [LatLng] = [], route: [LatLng] = [], activeRoute: [LatLng] = [],
        traffic: [SpeedReadingInterval] = [], vehicle: MapVehicle? = nil, pickup: LatLng? = nil,
        dropoff: LatLng? = nil, stops: [LatLng] = [], labels: [MapLabel] = []
    ) {
        self.roads = roads
        self.trail = trail
        self.route = route
        self.activeRoute = activeRoute
        self.traffic = traffic
        self.vehicle = vehicle
        self.pickup = pickup
        self.dropoff = dropoff
        self.stops = stops
        self.labels = labels
    }

    /// What the camera should keep in view: vehicle, pickup, dropoff, stops and the remaining route.
    public var pointsToFit: [LatLng] {
        var points = route.isEmpty ? activeRoute : route
        if let vehicle { points.append(vehicle.position) }
        if let pickup { points.append(pickup) }
        if let dropoff { points.append(dropoff) }
        points += stops
        return points
    }
}

/// The vehicle: where it is and which way it points (degrees clockwise from north), when known.
public struct MapVehicle: Hashable, Sendable {
    public var position: LatLng
    public var heading: Double?

    public init(position: LatLng, heading: Double? = nil) {
        self.position = position
        self.heading = heading
    }
}

/// A text placed beside a coordinate (a street or place name, "you are here").
public struct MapLabel: Hashable, Sendable {
    public var position: LatLng
    public var text: String

    public init(position: LatLng, text: String) {
        self.position = position
        self.text = text
    }
}
