import FleetModel

/// What tripterm takes from a GPX document: the track points of every `<trk>`/`<trkseg>` in document order, the
/// route points that have a time, the named waypoints, whether there are routes, and the file's own time.
public struct GPXContent: Sendable, Equatable {
    public var points: [TrackPoint] = []
    /// The `<rtept>`s that carry a `<time>` (some tools write timed routes), in document order: what the driver
    /// plays when the file has no track.
    public var routePoints: [TrackPoint] = []
    /// Where each point's `<trkpt>` tag is, as libxml2 reports it, for errors found after reading.
    public var pointTags: [RawPosition] = []
    public var waypoints: [TrackWaypoint] = []
    /// The first `<rte>`, if any: routes have no times, so a file with nothing else cannot be replayed.
    public var firstRoute: RawPosition?
    /// `<metadata><time>` (GPX 1.1) or `<gpx><time>` (GPX 1.0): when the file was made.
    public var created: ProtoTimestamp?

    /// A line and a character column as libxml2 reports them at the end of a start tag; ``SourceText`` turns it into
    /// the position of the tag's `<` in bytes.
    public struct RawPosition: Sendable, Equatable {
        public var line: Int
        public var column: Int
    }
}
