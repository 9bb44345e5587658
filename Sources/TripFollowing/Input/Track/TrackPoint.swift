import FleetModel

/// One timed position of a GPS track, as a GPX `<trkpt>` or a GeoJSON LineString coordinate with its time gives it:
/// the common input of ``TrackTripBuilder``, so both formats become trips the same way.
struct TrackPoint: Sendable, Equatable {
    var location: LatLng
    var time: ProtoTimestamp
    /// Metres above WGS84 (`<ele>`, a coordinate's third number), if the track has it.
    var elevation: Double?
    /// Metres per second, if the track recorded it (GPX 1.0 `<speed>`, an extension, GeoJSON `speeds`).
    var speed: Double?
    /// Degrees clockwise from north, if the track recorded it (GPX 1.0 `<course>`, an extension, GeoJSON `headings`).
    var course: Double?

    init(location: LatLng, time: ProtoTimestamp, elevation: Double? = nil, speed: Double? = nil, course: Double? = nil) {
        self.location = location
        self.time = time
        self.elevation = elevation
        self.speed = speed
        self.course = course
    }
}

extension Array where Element == TrackPoint {
    /// The index of the first point whose time is earlier than its predecessor's, or nil when times never go back.
    /// Equal times are allowed (GPS loggers with one-second resolution repeat them).
    var firstTimeRegression: Int? {
        guard count > 1 else { return nil }
        return (1..<count).first { self[$0].time < self[$0 - 1].time }
    }
}
