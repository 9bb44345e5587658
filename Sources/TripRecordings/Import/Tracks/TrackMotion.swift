import FleetModel
import TrackFormats

/// The heading and speed a vehicle report carries at each track point: what the track recorded, else derived from
/// the move to the next point (from the previous one for the last point), the way a phone's fused location would
/// report them.
///
/// Headings are whole degrees in [0, 360); derived speeds are rounded to the centimetre per second. A move shorter
/// than ``stationaryMeters`` says nothing about direction (GPS jitter while parked), so such points keep the heading
/// of the move before them, or of the first real move when the track starts parked.
struct TrackMotion: Sendable, Equatable {
    var heading: Int32?
    var speed: Double?

    /// Moves shorter than this are treated as standing still when deriving a heading.
    static let stationaryMeters = 1.0

    /// One entry per point.
    static func of(_ points: [TrackPoint]) -> [TrackMotion] {
        guard !points.isEmpty else { return [] }
        var derivedHeadings: [Int32?] = []
        var speeds: [Double?] = []
        derivedHeadings.reserveCapacity(points.count)
        speeds.reserveCapacity(points.count)
        for i in points.indices {
            guard let (a, b) = segment(around: i, count: points.count) else {
                derivedHeadings.append(nil)
                speeds.append(nil)
                continue
            }
            let distance = Geo.distance(points[a].location, points[b].location)
            let seconds = (points[b].time - points[a].time).inSeconds
            derivedHeadings.append(
                distance >= stationaryMeters
                    ? wholeDegrees(Geo.bearing(from: points[a].location, to: points[b].location)) : nil)
            speeds.append(seconds > 0 ? (distance / seconds * 100).rounded() / 100 : nil)
        }
        fillGaps(&derivedHeadings)
        fillGaps(&speeds)
        return points.indices.map { i in
            let recordedHeading = points[i].course.flatMap { $0.isFinite ? wholeDegrees($0) : nil }
            let recordedSpeed = points[i].speed.flatMap { $0.isFinite ? $0 : nil }
            return TrackMotion(heading: recordedHeading ?? derivedHeadings[i], speed: recordedSpeed ?? speeds[i])
        }
    }

    /// The move a point's heading and speed come from: to the next point, or from the previous one for the last.
    private static func segment(around i: Int, count: Int) -> (Int, Int)? {
        if i + 1 < count { return (i, i + 1) }
        if i > 0 { return (i - 1, i) }
        return nil
    }

    /// Each missing value takes the one before it; leading missing values take the first known one.
    private static func fillGaps<T>(_ values: inout [T?]) {
        var last: T?
        for i in values.indices {
            if let value = values[i] { last = value } else { values[i] = last }
        }
        guard let first = values.first(where: { $0 != nil }) ?? nil else { return }
        for i in values.indices {
            if values[i] != nil { break }
            values[i] = first
        }
    }

    /// Degrees rounded to a whole number in [0, 360).
    static func wholeDegrees(_ degrees: Double) -> Int32 {
        let rounded = degrees.rounded().truncatingRemainder(dividingBy: 360)
        return Int32(rounded < 0 ? rounded + 360 : rounded)
    }
}
