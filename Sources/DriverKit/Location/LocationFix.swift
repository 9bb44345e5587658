import FleetModel
import Foundation
import TrackFormats

/// One position report from a location source: what a phone's location provider hands the Driver SDK.
///
/// Heading and speed are optional because many sources (a GGA sentence, a GPX point without extensions) do not
/// know them; the reporter then leaves them out of `lastLocation` rather than reporting north at rest.
public struct LocationFix: Hashable, Sendable {
    public var coordinate: LatLng
    /// Degrees clockwise from north.
    public var heading: Double?
    /// Metres per second.
    public var speed: Double?
    /// Horizontal accuracy radius in metres.
    public var accuracy: Double?
    /// Metres above WGS84.
    public var altitude: Double?
    public var sensor: LocationSensor
    /// When the sensor took the fix.
    public var time: Date

    public init(
        coordinate: LatLng, heading: Double? = nil, speed: Double? = nil, accuracy: Double? = nil,
        altitude: Double? = nil, sensor: LocationSensor = .gps, time: Date
    ) {
        self.coordinate = coordinate
        self.heading = heading
        self.speed = speed
        self.accuracy = accuracy
        self.altitude = altitude
        self.sensor = sensor
        self.time = time
    }

    /// A point of a recorded track (GPX, NMEA, GeoJSON) as a fix from `sensor`.
    public init(_ point: TrackPoint, sensor: LocationSensor = .gps) {
        self.init(
            coordinate: point.location, heading: point.course, speed: point.speed, accuracy: point.accuracy,
            altitude: point.elevation, sensor: sensor, time: point.time.date)
    }

    /// The fix as Fleet Engine's `VehicleLocation`: heading rounded into [0, 360), accuracy as `latlngAccuracy`.
    public var vehicleLocation: VehicleLocation {
        var location = VehicleLocation(
            location: coordinate, heading: heading.flatMap(Self.protoHeading), speed: speed,
            updateTime: ProtoTimestamp(time), locationSensor: sensor)
        location.latlngAccuracy = accuracy
        location.altitude = altitude
        return location
    }

    static func protoHeading(_ degrees: Double) -> Int32? {
        guard degrees.isFinite else { return nil }
        let whole = Int32(degrees.rounded()) % 360
        return whole < 0 ? whole + 360 : whole
    }
}
