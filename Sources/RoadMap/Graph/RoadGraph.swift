import FleetModel

/// The road network of a ``RoadMap``, indexed for snapping a coordinate to the nearest road, routing between two
/// coordinates (honouring one-way streets) and finding the ways in view.
///
/// ```swift
/// let graph = RoadGraph(try RoadMapFile.load(path: "Assets/maps/monaco.roadmap"))
/// let snap = graph.nearest(to: vehicleLocation)          // way, segment, point on the road, distance
/// let route = graph.route(from: pickup, to: dropoff)     // points, metres, seconds
/// let visible = graph.wayIndices(intersecting: viewBox)  // for the base map
/// ```
///
/// Ways meet where they share a point (an OpenStreetMap node), not where they merely cross, so bridges and tunnels
/// do not connect to the roads they pass over. Building costs a few milliseconds for a city; queries are read-only.
public struct RoadGraph: Sendable {
    /// A directed road segment between two vertices.
    struct Edge: Sendable {
        var target: Int32
        var seconds: Double
    }

    public let map: RoadMap
    let grid: SegmentGrid
    /// The distinct road points; ways that share a point meet there.
    let vertices: [LatLng]
    /// For each way, the vertex of each of its points.
    let wayVertices: [[Int32]]
    /// Edges leaving vertex `v` are `edges[edgeStart[v]..<edgeStart[v + 1]]`.
    let edgeStart: [Int32]
    let edges: [Edge]
    /// The fastest travel speed on the map in m/s, which keeps A*'s estimate from ever overshooting.
    let fastestMetresPerSecond: Double

    public init(_ map: RoadMap) {
        self.map = map
        let bounds = map.bounds
        let centre = LatLng(
            latitude: bounds.map { ($0.minLatitude + $0.maxLatitude) / 2 } ?? 0,
            longitude: bounds.map { ($0.minLongitude + $0.maxLongitude) / 2 } ?? 0
        )
        grid = SegmentGrid(ways: map.ways, projection: LocalProjection(origin: centre))

        var vertexIndex: [E7Point: Int32] = [:]
        var vertices: [LatLng] = []
        wayVertices = map.ways.map { way in
            way.points.map { point in
                let key = E7Point(point)
                if let index = vertexIndex[key] { return index }
                vertexIndex[key] = Int32(vertices.count)
                vertices.append(point)
                return Int32(vertices.count - 1)
            }
        }
        self.vertices = vertices

        var outgoing = [[Edge]](repeating: [], count: vertices.count)
        var fastest = 1.0
        for (way, indices) in zip(map.ways, wayVertices) {
            let metresPerSecond = way.travelSpeedKmh / 3.6
            fastest = max(fastest, metresPerSecond)
            for (a, b) in zip(indices, indices.dropFirst()) where a != b {
                let seconds = Geo.distance(vertices[Int(a)], vertices[Int(b)]) / metresPerSecond
                outgoing[Int(a)].append(Edge(target: b, seconds: seconds))
                if !way.isOneWay { outgoing[Int(b)].append(Edge(target: a, seconds: seconds)) }
            }
        }
        var edgeStart: [Int32] = [0]
        edgeStart.reserveCapacity(vertices.count + 1)
        for list in outgoing { edgeStart.append(edgeStart[edgeStart.count - 1] + Int32(list.count)) }
        self.edgeStart = edgeStart
        edges = Array(outgoing.joined())
        fastestMetresPerSecond = fastest
    }

    /// The ways with a segment in `box` (the part of the map in view), as indices into ``RoadMap/ways`` in
    /// increasing order.
    public func wayIndices(intersecting box: GeoBox) -> [Int] {
        let corners = [box.minLatitude, box.minLongitude, box.maxLatitude, box.maxLongitude]
        guard !map.ways.isEmpty, corners.allSatisfy(\.isFinite), box.minLatitude <= box.maxLatitude,
            box.minLongitude <= box.maxLongitude
        else { return [] }
        let low = grid.projection.project(LatLng(latitude: box.minLatitude, longitude: box.minLongitude))
        let high = grid.projection.project(LatLng(latitude: box.maxLatitude, longitude: box.maxLongitude))
        let first = grid.cell(x: low.x, y: low.y), last = grid.cell(x: high.x, y: high.y)
        var seen = [Bool](repeating: false, count: map.ways.count)
        var result: [Int] = []
        for row in first.row...last.row {
            for column in first.column...last.column {
                for ref in grid.segments(inColumn: column, row: row) where !seen[Int(ref.way)] {
                    let points = map.ways[Int(ref.way)].points
                    if box.intersectsSegment(points[Int(ref.segment)], points[Int(ref.segment) + 1]) {
                        seen[Int(ref.way)] = true
                        result.append(Int(ref.way))
                    }
                }
            }
        }
        return result.sorted()
    }

    /// The ways with a segment in `box`, in map order.
    public func ways(intersecting box: GeoBox) -> [RoadWay] { wayIndices(intersecting: box).map { map.ways[$0] } }

    /// The nearest point on any road to `coordinate`, or nil for a map without ways or a non-finite coordinate.
    public func nearest(to coordinate: LatLng) -> RoadSnap? {
        guard !map.ways.isEmpty, coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return nil }
        let query = grid.projection.project(coordinate)
        let centre = grid.cell(x: query.x, y: query.y)
        var best: (distanceSquared: Double, ref: SegmentGrid.SegmentRef, fraction: Double)?
        let maximumRing = max(grid.columns, grid.rows)
        for ring in 0...maximumRing {
            for (column, row) in Self.ring(ring, around: centre, columns: grid.columns, rows: grid.rows) {
                for ref in grid.segments(inColumn: column, row: row) {
                    let points = map.ways[Int(ref.way)].points
                    let a = grid.projection.project(points[Int(ref.segment)])
                    let b = grid.projection.project(points[Int(ref.segment) + 1])
                    let (fraction, distanceSquared) = Self.closest(query, a, b)
                    if distanceSquared < best?.distanceSquared ?? .infinity { best = (distanceSquared, ref, fraction) }
                }
            }
            // Every cell beyond this ring is at least `ring` cell sizes from the query, even one off the grid (whose
            // cell is clamped to the nearest edge cell).
            if let best, best.distanceSquared.squareRoot() <= Double(ring) * grid.cellSize { break }
        }
        guard let best else { return nil }
        let points = map.ways[Int(best.ref.way)].points
        let a = points[Int(best.ref.segment)], b = points[Int(best.ref.segment) + 1]
        let point = LatLng(
            latitude: a.latitude + (b.latitude - a.latitude) * best.fraction,
            longitude: a.longitude + (b.longitude - a.longitude) * best.fraction
        )
        return RoadSnap(
            wayIndex: Int(best.ref.way), segmentIndex: Int(best.ref.segment), fraction: best.fraction, point: point,
            distanceMeters: Geo.distance(coordinate, point)
        )
    }

    /// The cells exactly `ring` steps (Chebyshev distance) from `centre` that lie on the grid.
    static func ring(_ ring: Int, around centre: (column: Int, row: Int), columns: Int, rows: Int) -> [(Int, Int)] {
        if ring == 0 { return [(centre.column, centre.row)] }
        var cells: [(Int, Int)] = []
        let rowRange = max(0, centre.row - ring)...min(rows - 1, centre.row + ring)
        for row in rowRange {
            let onEdge = row == centre.row - ring || row == centre.row + ring
            if onEdge {
                for column in max(0, centre.column - ring)...min(columns - 1, centre.column + ring) {
                    cells.append((column, row))
                }
            } else {
                if centre.column - ring >= 0 { cells.append((centre.column - ring, row)) }
                if centre.column + ring < columns { cells.append((centre.column + ring, row)) }
            }
        }
        return cells
    }

    /// The fraction along segment `a`–`b` nearest to `p`, and the squared distance to it.
    static func closest(
        _ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)
    ) -> (Double, Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let fraction =
            lengthSquared > 0 ? (((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared).clamped(to: 0...1) : 0
        let x = a.x + fraction * dx - p.x, y = a.y + fraction * dy - p.y
        return (fraction, x * x + y * y)
    }
}
