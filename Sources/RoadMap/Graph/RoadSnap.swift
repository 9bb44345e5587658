import FleetModel

/// Where a coordinate meets the road network: the nearest point on the nearest way segment.
public struct RoadSnap: Hashable, Sendable {
    /// Index into ``RoadMap/ways``.
    public var wayIndex: Int
    /// The segment from `points[segmentIndex]` to `points[segmentIndex + 1]` of that way.
    public var segmentIndex: Int
    /// How far along the segment the point lies, 0 (its start) to 1 (its end).
    public var fraction: Double
    /// The point on the road.
    public var point: LatLng
    /// From the queried coordinate to ``point``, in metres.
    public var distanceMeters: Double

    public init(wayIndex: Int, segmentIndex: Int, fraction: Double, point: LatLng, distanceMeters: Double) {
        self.wayIndex = wayIndex
        self.segmentIndex = segmentIndex
        self.fraction = fraction
        self.point = point
        self.distanceMeters = distanceMeters
    }
}
