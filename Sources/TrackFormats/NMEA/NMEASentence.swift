import FleetModel
import Foundation

/// The NMEA 0183 sentences a driver's position comes from: RMC (position, speed, course, date) and GGA (position,
/// fix quality, HDOP, altitude). Other sentence types are recognised and skipped.
public enum NMEASentence: Hashable, Sendable {
    case rmc(RMC)
    case gga(GGA)
    /// A well-formed sentence of another type (`GSV`, `VTG`…), named by its three-letter type.
    case other(String)

    /// Recommended minimum data: `$GPRMC,hhmmss.ss,A,llll.ll,N,yyyyy.yy,E,knots,course,ddmmyy,…*hh`.
    public struct RMC: Hashable, Sendable {
        /// UTC date and time; nil when the date or time field is empty.
        public var time: Date?
        /// `A` (valid) or `V` (receiver warning: no fix).
        public var isValid: Bool
        public var coordinate: LatLng?
        public var speedKnots: Double?
        /// Degrees true.
        public var course: Double?
    }

    /// Fix data: `$GPGGA,hhmmss.ss,llll.ll,N,yyyyy.yy,E,quality,satellites,hdop,altitude,M,…*hh`.
    public struct GGA: Hashable, Sendable {
        /// Seconds since midnight UTC (GGA carries no date).
        public var secondsOfDay: Double?
        public var coordinate: LatLng?
        /// 0 is no fix; 1 GPS, 2 DGPS and so on.
        public var quality: Int
        public var satellites: Int?
        public var hdop: Double?
        /// Metres above mean sea level.
        public var altitude: Double?
    }
}
