/// A WGS84 coordinate, as `google.type.LatLng`: degrees of latitude in [-90, 90] and longitude in [-180, 180].
public struct LatLng: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
