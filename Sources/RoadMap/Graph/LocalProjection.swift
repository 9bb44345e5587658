import FleetModel
import Foundation

/// An equirectangular projection to metres around one reference point: exact enough (well under 1 %) over a city
/// for nearest-point and grid arithmetic, and far cheaper than spherical formulas.
struct LocalProjection: Sendable {
    let origin: LatLng
    let metresPerDegreeLatitude: Double
    let metresPerDegreeLongitude: Double

    init(origin: LatLng) {
        self.origin = origin
        metresPerDegreeLatitude = Geo.earthRadiusMeters * .pi / 180
        metresPerDegreeLongitude = metresPerDegreeLatitude * max(0.01, cos(origin.latitude * .pi / 180))
    }

    func project(_ point: LatLng) -> (x: Double, y: Double) {
        (
            (Geo.normalizedLongitude(point.longitude - origin.longitude)) * metresPerDegreeLongitude,
            (point.latitude - origin.latitude) * metresPerDegreeLatitude
        )
    }
}
