import FleetModel

/// A uniform grid over the map's segments (in projected metres), so that nearest-road and in-view queries look at a
/// few cells instead of every way. Cells are stored flat (compressed rows), about 8 bytes per segment and cell.
struct SegmentGrid: Sendable {
    /// One segment: `points[segment]` to `points[segment + 1]` of `ways[way]`.
    struct SegmentRef: Hashable, Sendable {
        var way: Int32
        var segment: Int32
    }

    static let preferredCellMetres = 150.0
    static let maximumCellsPerSide = 1024

    let projection: LocalProjection
    let minX: Double
    let minY: Double
    let cellSize: Double
    let columns: Int
    let rows: Int
    private let cellStart: [Int32]
    private let segments: [SegmentRef]

    init(ways: [RoadWay], projection: LocalProjection) {
        self.projection = projection
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let projected = ways.map { $0.points.map(projection.project) }
        for point in projected.joined() where point.x.isFinite && point.y.isFinite {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        if minX > maxX { (minX, minY, maxX, maxY) = (0, 0, 0, 0) }
        let span = max(maxX - minX, maxY - minY)
        let cellSize = max(Self.preferredCellMetres, span / Double(Self.maximumCellsPerSide - 1))
        let columns = Int((maxX - minX) / cellSize) + 1
        let rows = Int((maxY - minY) / cellSize) + 1
        self.minX = minX
        self.minY = minY
        self.cellSize = cellSize
        self.columns = columns
        self.rows = rows

        // Two passes: count per cell, then fill, so each cell's list is one contiguous run.
        func cellRange(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (ClosedRange<Int>, ClosedRange<Int>)
        {
            let c0 = Int((min(a.x, b.x) - minX) / cellSize), c1 = Int((max(a.x, b.x) - minX) / cellSize)
            let r0 = Int((min(a.y, b.y) - minY) / cellSize), r1 = Int((max(a.y, b.y) - minY) / cellSize)
            return (max(0, c0)...min(columns - 1, c1), max(0, r0)...min(rows - 1, r1))
        }
        func isUsable(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
            a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite
        }
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for points in projected {
            for (a, b) in zip(points, points.dropFirst()) where isUsable(a, b) {
                let (cs, rs) = cellRange(a, b)
                for row in rs { for column in cs { counts[row * columns + column] += 1 } }
            }
        }
        var start = [Int32](repeating: 0, count: columns * rows + 1)
        for cell in 0..<(columns * rows) { start[cell + 1] = start[cell] + counts[cell] }
        var fill = start
        var segments = [SegmentRef](repeating: SegmentRef(way: 0, segment: 0), count: Int(start[columns * rows]))
        for (wayIndex, points) in projected.enumerated() {
            for (segmentIndex, (a, b)) in zip(points, points.dropFirst()).enumerated() where isUsable(a, b) {
                let (cs, rs) = cellRange(a, b)
                for row in rs {
                    for column in cs {
                        let cell = row * columns + column
                        segments[Int(fill[cell])] = SegmentRef(way: Int32(wayIndex), segment: Int32(segmentIndex))
                        fill[cell] += 1
                    }
                }
            }
        }
        cellStart = start
        self.segments = segments
    }

    /// The grid cell holding projected point (`x`, `y`), clamped to the grid; callers pass finite values.
    func cell(x: Double, y: Double) -> (column: Int, row: Int) {
        let column = Int(((x - minX) / cellSize).rounded(.down).clamped(to: -1e9...1e9))
        let row = Int(((y - minY) / cellSize).rounded(.down).clamped(to: -1e9...1e9))
        return (min(max(column, 0), columns - 1), min(max(row, 0), rows - 1))
    }

    func segments(inColumn column: Int, row: Int) -> ArraySlice<SegmentRef> {
        let cell = row * columns + column
        return segments[Int(cellStart[cell])..<Int(cellStart[cell + 1])]
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
