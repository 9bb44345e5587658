import FleetModel

/// What tripterm takes from a GPX document: the track points of every `<trk>`/`<trkseg>` in document order, the
/// named waypoints, whether there are routes, and the file's own time.
struct GPXContent: Sendable, Equatable {
    var points: [TrackPoint] = []
    /// Where each point's `<trkpt>` tag is, as libxml2 reports it, for errors found after reading.
    var pointTags: [RawPosition] = []
    var waypoints: [TrackWaypoint] = []
    /// The first `<rte>`, if any: routes have no times, so a file with nothing else cannot be replayed.
    var firstRoute: RawPosition?
    /// `<metadata><time>` (GPX 1.1) or `<gpx><time>` (GPX 1.0): when the file was made.
    var created: ProtoTimestamp?

    /// A line and a character column as libxml2 reports them at the end of a start tag; ``SourceText`` turns it into
    /// the position of the tag's `<` in bytes.
    struct RawPosition: Sendable, Equatable {
        var line: Int
        var column: Int
    }
}
