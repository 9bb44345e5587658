import FleetModel

/// What tripterm takes from a GeoJSON document: the timed coordinates of its one LineString (or MultiLineString)
/// feature and its named Point features.
struct GeoJSONTrack: Sendable, Equatable {
    var points: [TrackPoint] = []
    var waypoints: [TrackWaypoint] = []
    /// The track feature's `properties.created` (as ``GeoJSONWriter`` writes it), if any.
    var created: ProtoTimestamp?
}
