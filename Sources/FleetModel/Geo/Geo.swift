// swift-format-ignore-file: IdentifiersMustBeASCII

// The formulas keep their textbook names (φ latitude, λ longitude, δ angular distance, θ bearing).
import Foundation

/// Spherical-Earth geometry on WGS84 coordinates.
///
/// Fleet Engine reports positions and route polylines as plain latitude/longitude pairs; the
/// follower needs distances, headings and points along a route to draw a trip and to estimate
/// its progress. A sphere of mean radius is accurate to about 0.5 %, which is ample for that.
public enum Geo {
    /// Mean Earth radius (IUGG R1), in metres.
    public static let earthRadiusMeters = 6_371_008.8

    /// Great-circle distance between `a` and `b` in metres (haversine formula).
    public static func distance(_ a: LatLng, _ b: LatLng) -> Double {
        let φ1 = radians(a.latitude), φ2 = radians(b.latitude)
        let Δφ = φ2 - φ1
        let Δλ = radians(b.longitude - a.longitude)
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * earthRadiusMeters * asin(min(1, sqrt(max(0, h))))
    }

    /// Initial great-circle bearing from `from` towards `to`, in degrees in [0, 360):
    /// 0 is north, 90 east (clockwise). Returns 0 when the points coincide.
    public static func bearing(from: LatLng, to: LatLng) -> Double {
        let φ1 = radians(from.latitude), φ2 = radians(to.latitude)
        let Δλ = radians(to.longitude - from.longitude)
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        return normalizedBearing(degrees(atan2(y, x)))
    }

    /// The point reached by travelling `distance` metres from `from` along the great circle
    /// that starts with the given initial `bearing` (degrees clockwise from north).
    /// The resulting longitude is normalised with ``normalizedLongitude(_:)``.
    public static func destination(from: LatLng, bearing: Double, distance: Double) -> LatLng {
        let δ = distance / earthRadiusMeters
        let θ = radians(bearing)
        let φ1 = radians(from.latitude), λ1 = radians(from.longitude)
        let sinφ2 = sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ)
        let φ2 = asin(min(1, max(-1, sinφ2)))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sinφ2)
        return LatLng(latitude: degrees(φ2), longitude: normalizedLongitude(degrees(λ2)))
    }

    /// The point a `fraction` of the way from `a` to `b` along the (shorter) great circle.
    ///
    /// `fraction` 0 returns `a` and 1 returns `b` exactly; values outside [0, 1] extrapolate.
    /// When the points coincide, or are (nearly) antipodal so that the great circle is not
    /// unique, it falls back to linear interpolation of latitude and shortest-way longitude.
    public static func interpolate(_ a: LatLng, _ b: LatLng, fraction: Double) -> LatLng {
        if fraction == 0 { return a }
        if fraction == 1 { return b }
        let φ1 = radians(a.latitude), λ1 = radians(a.longitude)
        let φ2 = radians(b.latitude), λ2 = radians(b.longitude)
        let δ = distance(a, b) / earthRadiusMeters
        let sinδ = sin(δ)
        guard sinδ > 1e-12 else {
            let Δλ = normalizedLongitude(b.longitude - a.longitude)
            return LatLng(
                latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                longitude: normalizedLongitude(a.longitude + Δλ * fraction)
            )
        }
        let wa = sin((1 - fraction) * δ) / sinδ
        let wb = sin(fraction * δ) / sinδ
        let x = wa * cos(φ1) * cos(λ1) + wb * cos(φ2) * cos(λ2)
        let y = wa * cos(φ1) * sin(λ1) + wb * cos(φ2) * sin(λ2)
        let z = wa * sin(φ1) + wb * sin(φ2)
        let φ = atan2(z, sqrt(x * x + y * y))
        let λ = atan2(y, x)
        return LatLng(latitude: degrees(φ), longitude: normalizedLongitude(degrees(λ)))
    }

    /// Wraps a longitude (or longitude difference) in degrees into [-180, 180].
    ///
    /// Values already in [-180, 180] are returned unchanged (so both 180 and -180 survive);
    /// others are wrapped into [-180, 180). Non-finite values are returned unchanged.
    public static func normalizedLongitude(_ degrees: Double) -> Double {
        guard degrees.isFinite, !(-180...180).contains(degrees) else { return degrees }
        let wrapped = degrees - 360 * (((degrees + 180) / 360).rounded(.down))
        return wrapped >= 180 ? wrapped - 360 : wrapped
    }

    static func normalizedBearing(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        let positive = wrapped < 0 ? wrapped + 360 : wrapped
        return positive >= 360 ? 0 : positive
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
