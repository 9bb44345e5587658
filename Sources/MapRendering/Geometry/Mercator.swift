import FleetModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in Web Mercator on the unit square, as slippy-map tiles at zoom 0: x grows east from −180°, y grows
/// south from 85.0511°N. Polylines are projected once into this space, so pans and zooms are only a scale and shift.
public struct MercatorPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Projects a WGS84 coordinate; latitudes beyond Web Mercator's ±85.0511° are clamped.
    public init(_ coordinate: LatLng) {
        let latitude = min(max(coordinate.latitude, -Self.maxLatitude), Self.maxLatitude)
        let s = sin(latitude * .pi / 180)
        x = (coordinate.longitude + 180) / 360
        y = 0.5 - log((1 + s) / (1 - s)) / (4 * .pi)
    }

    /// The WGS84 coordinate of this point.
    public var coordinate: LatLng {
        LatLng(latitude: atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi, longitude: x * 360 - 180)
    }

    /// The projection of `coordinate` when it is finite (nil for NaN or infinite degrees, which no view shows).
    public init?(finite coordinate: LatLng) {
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return nil }
        self.init(coordinate)
    }

    /// The latitude where the square Web Mercator world ends.
    public static let maxLatitude = 85.051_128_779_806_59
}

/// The few libm functions the module needs, so no file has to import Foundation.
enum MapMath {
    static func power2(_ x: Double) -> Double { pow(2, x) }
    static func logarithm2(_ x: Double) -> Double { log(x) / log(2.0) }
    static func cosine(degrees: Double) -> Double { cos(degrees * .pi / 180) }
    static func angle(y: Double, x: Double) -> Double { atan2(y, x) }
}
