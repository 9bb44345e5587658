import FleetModel

/// One drivable road from the map: an OpenStreetMap way cut down to what drawing and routing need.
///
/// Points run in the direction of travel for a one-way road (an `oneway=-1` way is stored reversed), so routing
/// only has to know ``isOneWay``.
public struct RoadWay: Hashable, Sendable {
    /// The OpenStreetMap way id, to look the way up on openstreetmap.org.
    public var id: Int64
    public var roadClass: RoadClass
    /// The street name (`name=*`), if it has one.
    public var name: String?
    /// Whether the way may only be driven from its first point towards its last.
    public var isOneWay: Bool
    /// The speed limit in km/h (`maxspeed=*`, converted from mph or knots), if tagged and numeric.
    public var maxSpeedKmh: Double?
    /// At least two points, at OpenStreetMap's 1e-7 degree precision.
    public var points: [LatLng]

    public init(
        id: Int64, roadClass: RoadClass, name: String? = nil, isOneWay: Bool = false, maxSpeedKmh: Double? = nil,
        points: [LatLng]
    ) {
        self.id = id
        self.roadClass = roadClass
        self.name = name
        self.isOneWay = isOneWay
        self.maxSpeedKmh = maxSpeedKmh
        self.points = points
    }

    /// The speed routing assumes on this way: its limit when tagged, else its class's typical speed.
    public var travelSpeedKmh: Double { maxSpeedKmh ?? roadClass.defaultSpeedKmh }

    /// The way's length along its points, in metres.
    public var lengthMeters: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + Geo.distance($1.0, $1.1) }
    }
}
