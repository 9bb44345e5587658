import FleetModel

/// Where a vehicle last said it was, in the fields the two APIs' location messages share (`VehicleLocation`,
/// `DeliveryVehicleLocation`), so the stale rule, the list, the map and the printer read one type whichever kind of
/// vehicle reported it.
public struct FleetLocation: Sendable, Hashable {
    public var point: LatLng?
    /// Degrees clockwise from north.
    public var heading: Int32?
    /// Metres per second.
    public var speed: Double?
    /// The deprecated speed field, for reports that only have it.
    public var speedKmph: Int32?
    /// When it was reported: the server's time, else the device's.
    public var reportedAt: ProtoTimestamp?

    public init(
        point: LatLng?, heading: Int32? = nil, speed: Double? = nil, speedKmph: Int32? = nil,
        reportedAt: ProtoTimestamp? = nil
    ) {
        self.point = point
        self.heading = heading
        self.speed = speed
        self.speedKmph = speedKmph
        self.reportedAt = reportedAt
    }

    public init(_ location: VehicleLocation) {
        self.init(
            point: location.location, heading: location.heading, speed: location.speed,
            speedKmph: location.speedKmph, reportedAt: location.serverTime ?? location.updateTime)
    }

    public init(_ location: DeliveryVehicleLocation) {
        self.init(
            point: location.location, heading: location.heading, speed: location.speed,
            speedKmph: location.speedKmph, reportedAt: location.serverTime ?? location.updateTime)
    }

    /// When it last reported a position; nil without one (what the stale rule reads).
    public var lastReport: ProtoTimestamp? { point == nil ? nil : reportedAt }
}
