import FleetModel
import Foundation

/// One line of gpsd's JSON protocol, reduced to what a fix needs: a `TPV` (time-position-velocity) report.
/// Other classes (`VERSION`, `DEVICES`, `WATCH`, `SKY`) are recognised and ignored.
public struct GpsdReport: Decodable, Sendable {
    public var `class`: String
    /// 0/1 no fix, 2 two-dimensional, 3 three-dimensional.
    public var mode: Int?
    public var time: String?
    public var lat: Double?
    public var lon: Double?
    public var alt: Double?
    public var altHAE: Double?
    /// Degrees true.
    public var track: Double?
    /// Metres per second.
    public var speed: Double?
    /// Estimated horizontal position error, metres (newer gpsd).
    public var eph: Double?
    /// Longitude and latitude errors, metres (95 %).
    public var epx: Double?
    public var epy: Double?

    /// Parses one line; nil when it is not JSON with a `class`.
    public static func parse(_ line: some StringProtocol) -> GpsdReport? {
        try? JSONDecoder().decode(GpsdReport.self, from: Data(line.utf8))
    }

    /// The fix of a TPV with at least a 2D fix and a position; `now` stands in for a missing time.
    public func fix(now: Date) -> LocationFix? {
        guard self.class == "TPV", (mode ?? 0) >= 2, let lat, let lon,
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        let time = self.time.flatMap { try? ProtoTimestamp(rfc3339: $0).date } ?? now
        let accuracy =
            eph
            ?? {
                guard let epx, let epy else { return nil }
                return max(epx, epy)
            }()
        return LocationFix(
            coordinate: LatLng(latitude: lat, longitude: lon), heading: track, speed: speed, accuracy: accuracy,
            altitude: altHAE ?? alt, sensor: .gps, time: time)
    }
}
