import FleetModel

/// A drivable path between two snapped points, with its length and expected driving time.
public struct RoadRoute: Hashable, Sendable {
    /// From the start's snapped point to the end's, through every road point in between.
    public var points: [LatLng]
    public var lengthMeters: Double
    /// At each way's ``RoadWay/travelSpeedKmh``.
    public var durationSeconds: Double
    public var start: RoadSnap
    public var end: RoadSnap

    public init(points: [LatLng], lengthMeters: Double, durationSeconds: Double, start: RoadSnap, end: RoadSnap) {
        self.points = points
        self.lengthMeters = lengthMeters
        self.durationSeconds = durationSeconds
        self.start = start
        self.end = end
    }
}
