import FleetModel

/// What tripterm takes from a GeoJSON document: the timed coordinates of its one LineString (or MultiLineString)
/// feature and its named Point features.
public struct GeoJSONTrack: Sendable, Equatable {
    public var points: [TrackPoint] = []
    public var waypoints: [TrackWaypoint] = []
    /// The track feature's `properties.created` (as ``GeoJSONWriter`` writes it), if any.
    public var created: ProtoTimestamp?
}
