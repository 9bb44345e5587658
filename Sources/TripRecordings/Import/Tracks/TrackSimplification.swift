import FleetModel
import Foundation

/// Douglas–Peucker simplification of a track, for the routes of the snapshots built from it.
///
/// Every snapshot carries the route still ahead, so a long track logged once a second would make those routes grow
/// quadratically; Fleet Engine's own routes are road polylines with a vertex where the road bends, not one per
/// second. Keeping only the vertices that move the line by more than a couple of metres removes the GPS chatter and
/// the points logged while parked, and keeps every bend.
enum TrackSimplification {
    /// How far (metres) a dropped point may lie from the simplified line.
    static let toleranceMeters = 2.0

    /// The indices of the points to keep, ascending; always the first and the last.
    static func keptIndices(_ path: [LatLng], tolerance: Double = toleranceMeters) -> [Int] {
        guard path.count > 2 else { return Array(path.indices) }
        var keep = [Bool](repeating: false, count: path.count)
        keep[0] = true
        keep[path.count - 1] = true
        var pending = [(0, path.count - 1)]
        while let (start, end) = pending.popLast() {
            guard end - start > 1 else { continue }
            var farthest = start, farthestDistance = 0.0
            for i in (start + 1)..<end {
                let d = offset(of: path[i], fromSegment: path[start], path[end])
                if d > farthestDistance {
                    farthest = i
                    farthestDistance = d
                }
            }
            if farthestDistance > tolerance {
                keep[farthest] = true
                pending.append((start, farthest))
                pending.append((farthest, end))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// Distance in metres from `p` to the segment `a`–`b`, in a local flat frame around `a` (ample at street scale).
    static func offset(of p: LatLng, fromSegment a: LatLng, _ b: LatLng) -> Double {
        let metresPerDegree = Geo.earthRadiusMeters * .pi / 180
        let xScale = metresPerDegree * cos(a.latitude * .pi / 180)
        func flat(_ q: LatLng) -> (x: Double, y: Double) {
            (Geo.normalizedLongitude(q.longitude - a.longitude) * xScale, (q.latitude - a.latitude) * metresPerDegree)
        }
        let pb = flat(b), pp = flat(p)
        let lengthSquared = pb.x * pb.x + pb.y * pb.y
        let t = lengthSquared > 0 ? min(1, max(0, (pp.x * pb.x + pp.y * pb.y) / lengthSquared)) : 0
        let dx = pp.x - t * pb.x, dy = pp.y - t * pb.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
