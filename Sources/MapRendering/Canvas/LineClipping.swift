/// Liang–Barsky clipping of a segment to an axis-aligned rectangle, in dot space. Clipping comes before
/// rasterising so a route running kilometres off-screen costs nothing per hidden dot, and so Bresenham never walks
/// (or overflows on) coordinates far outside the canvas.
enum LineClipping {
    /// The part of `a`–`b` inside `[minX, maxX] × [minY, maxY]`, or nil when none is (or a coordinate is not finite).
    static func clip(
        _ a: DotPoint, _ b: DotPoint, minX: Double, minY: Double, maxX: Double, maxY: Double
    ) -> (DotPoint, DotPoint)? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        guard edge(-dx, a.x - minX, &t0, &t1), edge(dx, maxX - a.x, &t0, &t1),
            edge(-dy, a.y - minY, &t0, &t1), edge(dy, maxY - a.y, &t0, &t1)
        else { return nil }
        return (
            DotPoint(x: a.x + t0 * dx, y: a.y + t0 * dy),
            DotPoint(x: a.x + t1 * dx, y: a.y + t1 * dy)
        )
    }

    /// Narrows [t0, t1] to where `p·t ≤ q` (one edge); false when nothing is left.
    @inline(__always)
    private static func edge(_ p: Double, _ q: Double, _ t0: inout Double, _ t1: inout Double) -> Bool {
        if p == 0 { return q >= 0 }  // parallel to the edge: all inside or all outside
        let t = q / p
        if p < 0 {
            if t > t1 { return false }
            if t > t0 { t0 = t }
        } else {
            if t < t0 { return false }
            if t < t1 { t1 = t }
        }
        return true
    }
}
