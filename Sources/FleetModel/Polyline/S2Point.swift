import Foundation

/// A point on (or direction towards) the unit sphere in S2's Earth-centred frame: x towards
/// (0°, 0°), y towards (0°, 90°E), z towards the North Pole. Internal to the S2 polyline codec.
struct S2Point: Equatable, Sendable {
    var x: Double
    var y: Double
    var z: Double

    /// The point for a latitude/longitude in degrees, computed as `S2LatLng::ToPoint` does.
    init(_ latLng: LatLng) {
        let phi = (Double.pi / 180) * latLng.latitude
        let theta = (Double.pi / 180) * latLng.longitude
        let cosPhi = cos(phi)
        self.init(x: cos(theta) * cosPhi, y: sin(theta) * cosPhi, z: sin(phi))
    }

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Latitude/longitude in degrees, computed as `S2LatLng(S2Point)` does.
    var latLng: LatLng {
        let latitude = atan2(z, (x * x + y * y).squareRoot())
        let longitude = atan2(y, x)
        return LatLng(latitude: (180 / Double.pi) * latitude, longitude: (180 / Double.pi) * longitude)
    }

    /// Whether this is a usable direction: finite and not the zero vector.
    var isValidDirection: Bool {
        x.isFinite && y.isFinite && z.isFinite && (x != 0 || y != 0 || z != 0)
    }

    /// The unit vector in the same direction, computed as S2's `Vector3::Normalize` does
    /// (multiplying by the reciprocal of the norm, leaving the zero vector unchanged).
    var normalized: S2Point {
        var norm = (x * x + y * y + z * z).squareRoot()
        if norm != 0 { norm = 1 / norm }
        return S2Point(x: x * norm, y: y * norm, z: z * norm)
    }
}
