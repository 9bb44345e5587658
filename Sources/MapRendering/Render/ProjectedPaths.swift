import FleetModel

/// Polylines projected once to Web Mercator, flat (one point array, a start index and a role per path), so
/// drawing them in any viewport is a multiply-add per point with no allocation.
struct ProjectedPaths: Sendable {
    private(set) var points: [MercatorPoint] = []
    private(set) var starts: [Int] = []
    private(set) var roles: [MapRole] = []

    var pathCount: Int { starts.count }

    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        roles.removeAll(keepingCapacity: true)
    }

    mutating func append(_ path: some Collection<LatLng>, role: MapRole) {
        guard !path.isEmpty else { return }
        starts.append(points.count)
        roles.append(role)
        for point in path { points.append(MercatorPoint(point)) }
    }

    /// Appends `route` split where its traffic changes, each run with its own role; points outside every interval
    /// are normal traffic. Intervals index points of `route`, as Fleet Engine's do.
    mutating func appendTraffic(route: [LatLng], traffic: [SpeedReadingInterval]) {
        guard route.count > 1 else {
            append(route, role: .activeRoute)
            return
        }
        var segmentRoles = [MapRole](repeating: .activeRoute, count: route.count - 1)
        for interval in traffic {
            let start = max(0, Int(interval.startPolylinePointIndex))
            let end = min(route.count - 1, Int(interval.endPolylinePointIndex))
            guard start < end else { continue }
            let role = MapRole(traffic: interval.speed)
            for segment in start..<end { segmentRoles[segment] = role }
        }
        var runStart = 0
        for segment in 1...segmentRoles.count
        where segment == segmentRoles.count || segmentRoles[segment] != segmentRoles[runStart] {
            append(route[runStart...segment], role: segmentRoles[runStart])
            runStart = segment
        }
    }

    /// Draws every path on `canvas` through `transform`.
    func draw(on canvas: inout Canvas, transform: MercatorTransform) {
        guard !starts.isEmpty else { return }
        canvas.withRasteriser { rasteriser in
            points.withUnsafeBufferPointer { points in
                for path in 0..<starts.count {
                    let start = starts[path], end = path + 1 < starts.count ? starts[path + 1] : points.count
                    let ink = roles[path].rawValue &+ 1
                    var previous = transform.dot(points[start])
                    if end - start == 1 {
                        if previous.x >= 0, previous.y >= 0 {
                            rasteriser.plot(x: Int(previous.x), y: Int(previous.y), ink: ink, stroke: Stroke.point)
                        }
                        continue
                    }
                    for index in (start + 1)..<end {
                        let next = transform.dot(points[index])
                        rasteriser.drawLine(from: previous, to: next, ink: ink)
                        previous = next
                    }
                }
            }
        }
    }
}
