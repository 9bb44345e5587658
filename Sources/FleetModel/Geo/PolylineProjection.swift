/// Where a position lies relative to a path: the nearest point on the path and how far along
/// the path that point is.
///
/// Produced by `[LatLng].closestPoint(to:)`; a rider's route progress is
/// `path.length - projection.distanceAlongPath`.
public struct PolylineProjection: Sendable, Equatable {
    /// The nearest point on the path.
    public var point: LatLng
    /// Index of the segment `path[segmentIndex] → path[segmentIndex + 1]` holding `point`
    /// (0 for a one-point path).
    public var segmentIndex: Int
    /// How far along that segment `point` lies, 0…1 (0 for a one-point path).
    public var fraction: Double
    /// Great-circle distance in metres from the queried position to `point`.
    public var distanceFromPath: Double
    /// Distance in metres along the path from its first point to `point`.
    public var distanceAlongPath: Double

    public init(
        point: LatLng,
        segmentIndex: Int,
        fraction: Double,
        distanceFromPath: Double,
        distanceAlongPath: Double
    ) {
        self.point = point
        self.segmentIndex = segmentIndex
        self.fraction = fraction
        self.distanceFromPath = distanceFromPath
        self.distanceAlongPath = distanceAlongPath
    }
}
