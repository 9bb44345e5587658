import FleetModel
import RoadMap

/// How fast a ``SimulatedDrive`` goes on each segment of its path.
public enum DriveSpeed: Sendable {
    /// One speed in metres per second throughout.
    case constant(Double)
    /// The travel speed of the road under each segment (its limit, else its class's typical speed), as the
    /// router assumes, so the drive takes as long as the route's ETA says.
    case road(RoadGraph)
    /// Metres per second for each segment, in order; missing entries repeat the last.
    case perSegment([Double])

    func segmentSpeeds(along path: [LatLng]) -> [Double] {
        let segments = max(0, path.count - 1)
        switch self {
        case .constant(let speed):
            return Array(repeating: speed, count: segments)
        case .perSegment(let speeds):
            return (0..<segments).map { speeds.isEmpty ? 1 : speeds[min($0, speeds.count - 1)] }
        case .road(let graph):
            return (0..<segments).map { i in
                let middle = Geo.interpolate(path[i], path[i + 1], fraction: 0.5)
                let kmh = graph.nearest(to: middle).map { graph.map.ways[$0.wayIndex].travelSpeedKmh } ?? 30
                return kmh / 3.6
            }
        }
    }
}
