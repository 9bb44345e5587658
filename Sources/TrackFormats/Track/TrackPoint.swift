import FleetModel

/// One timed position of a GPS track, as a GPX `<trkpt>`, a GeoJSON LineString coordinate with its time or an NMEA
/// fix gives it: what every track format reads into, so replay builds trips and the driver plays fixes from any of
/// them the same way.
public struct TrackPoint: Sendable, Equatable {
    public var location: LatLng
    public var time: ProtoTimestamp
    /// Metres above WGS84 (`<ele>`, a coordinate's third number), if the track has it.
    public var elevation: Double?
    /// Metres per second, if the track recorded it (GPX 1.0 `<speed>`, an extension, GeoJSON `speeds`).
    public var speed: Double?
    /// Degrees clockwise from north, if the track recorded it (GPX 1.0 `<course>`, an extension, GeoJSON `headings`).
    public var course: Double?
    /// Horizontal accuracy radius in metres, if the source says (NMEA's HDOP, converted).
    public var accuracy: Double?

    public init(
        location: LatLng, time: ProtoTimestamp, elevation: Double? = nil, speed: Double? = nil, course: Double? = nil,
        accuracy: Double? = nil
    ) {
        self.location = location
        self.time = time
        self.elevation = elevation
        self.speed = speed
        self.course = course
        self.accuracy = accuracy
    }
}

extension Array where Element == TrackPoint {
    /// The index of the first point whose time is earlier than its predecessor's, or nil when times never go back.
    /// Equal times are allowed (GPS loggers with one-second resolution repeat them).
    public var firstTimeRegression: Int? {
        guard count > 1 else { return nil }
        return (1..<count).first { self[$0].time < self[$0 - 1].time }
    }
}
