/// A viewport's cells for points already projected to Web Mercator: the world's size and the centre's projection
/// worked out once, so locating each of thousands of vehicles a frame costs a few multiply-adds instead of a
/// logarithm and a sine for it and again for the centre. ``Viewport/cell(of:)`` goes through it, so both agree to
/// the bit.
public struct CellLocator: Sendable {
    private let world: Double
    private let centre: MercatorPoint
    private let columns: Int
    private let rows: Int
    private let cellAspect: Double

    public init(_ viewport: Viewport) {
        world = viewport.worldCells
        centre = MercatorPoint(viewport.centre)
        columns = viewport.columns
        rows = viewport.rows
        cellAspect = viewport.cellAspect
    }

    /// Fractional cell position of `point` (x right, y down; cell (c, r) covers [c, c+1) × [r, r+1)).
    public func position(of point: MercatorPoint) -> (x: Double, y: Double) {
        (
            (point.x - centre.x) * world + Double(columns) / 2,
            (point.y - centre.y) * world / cellAspect + Double(rows) / 2
        )
    }

    /// The cell holding `point`, or nil when it is outside the view.
    public func cell(of point: MercatorPoint) -> (column: Int, row: Int)? {
        let position = position(of: point)
        guard position.x.isFinite, position.y.isFinite, position.x >= 0, position.y >= 0,
            position.x < Double(columns), position.y < Double(rows)
        else { return nil }
        return (Int(position.x), Int(position.y))
    }
}
