import FleetModel

/// Turns the traffic a Driver SDK reports (`TrafficPolylineData`: styles over metre ranges of the route segment)
/// into what Fleet Engine serves on trips (`ConsumableTrafficPolyline`: speeds over point-index ranges of its own
/// path). The path gets a vertex at every stretch boundary — the "landmarks" the proto mentions — so each
/// interval starts and ends on a vertex.
enum TrafficPolylineConversion {
    static func consumable(_ data: TrafficPolylineData?, along path: [LatLng]) -> ConsumableTrafficPolyline? {
        guard let stretches = data?.trafficRendering?.roadStretch, !stretches.isEmpty, path.count >= 2 else {
            return nil
        }
        let total = path.length
        guard total > 0 else { return nil }
        var vertices = zip(path, path.cumulativeDistances).map { (point: $0, distance: $1) }
        var cuts: Set<Double> = []
        for stretch in stretches {
            let start = min(max(0, Double(stretch.offsetMeters)), total)
            cuts.insert(start)
            cuts.insert(min(total, start + max(0, Double(stretch.lengthMeters))))
        }
        for cut in cuts where !vertices.contains(where: { abs($0.distance - cut) < 0.01 }) {
            guard let point = path.point(atDistance: cut) else { continue }
            let index = vertices.firstIndex(where: { $0.distance > cut }) ?? vertices.count
            vertices.insert((point: point, distance: cut), at: index)
        }
        func speed(at distance: Double) -> SpeedReadingInterval.Speed {
            guard
                let stretch = stretches.first(where: {
                    Double($0.offsetMeters) <= distance && distance < Double($0.offsetMeters) + Double($0.lengthMeters)
                })
            else { return .normal }
            switch stretch.style {
            case .slowerTraffic: return .slow
            case .trafficJam: return .trafficJam
            case .styleUnspecified: return .normal
            }
        }
        var intervals: [SpeedReadingInterval] = []
        for i in 1..<vertices.count {
            let mid = (vertices[i - 1].distance + vertices[i].distance) / 2
            let s = speed(at: mid)
            if var last = intervals.last, last.speed == s, Int(last.endPolylinePointIndex) == i - 1 {
                last.endPolylinePointIndex = Int32(i)
                intervals[intervals.count - 1] = last
            } else {
                intervals.append(
                    SpeedReadingInterval(
                        startPolylinePointIndex: Int32(i - 1), endPolylinePointIndex: Int32(i), speed: s))
            }
        }
        return ConsumableTrafficPolyline(
            speedReadingInterval: intervals, encodedPathToWaypoint: S2Polyline.encode(vertices.map(\.point)))
    }
}
