/// Clipping and Bresenham over a ``Canvas``'s storage, held by pointer for the length of one drawing pass
/// (``Canvas/withRasteriser(_:)``); `ink` is a role's raw value + 1, 0 meaning empty.
struct Rasteriser {
    let bits: UnsafeMutableBufferPointer<UInt8>
    let roles: UnsafeMutableBufferPointer<UInt8>
    let columns: Int
    let dotWidth: Int
    let dotHeight: Int
    let marker: CanvasMarker
    let cellAspect: Double

    /// Draws the segment `a`–`b` (dots), clipped to the canvas first.
    mutating func drawLine(from a: DotPoint, to b: DotPoint, ink: UInt8) {
        let width = Double(dotWidth), height = Double(dotHeight)
        let stroke = marker == .ascii ? Stroke.of(dx: b.x - a.x, dy: b.y - a.y, aspect: cellAspect) : Stroke.point
        // Most segments of a fitted route are wholly inside: skip the clipper for them (NaN fails these tests).
        if a.x >= 0, a.y >= 0, b.x >= 0, b.y >= 0, a.x < width, b.x < width, a.y < height, b.y < height {
            rasterise(Int(a.x), Int(a.y), Int(b.x), Int(b.y), ink: ink, stroke: stroke)
            return
        }
        guard dotWidth > 0, dotHeight > 0,
            let (p, q) = LineClipping.clip(a, b, minX: 0, minY: 0, maxX: width - 1e-9, maxY: height - 1e-9)
        else { return }
        rasterise(Int(p.x), Int(p.y), Int(q.x), Int(q.y), ink: ink, stroke: stroke)
    }

    /// Bresenham between two in-bounds dots.
    private mutating func rasterise(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, ink: UInt8, stroke: UInt8) {
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var error = dx + dy, x = x0, y = y0
        while true {
            plot(x: x, y: y, ink: ink, stroke: stroke)
            if x == x1 && y == y1 { return }
            let twice = 2 * error
            if twice >= dy {
                error += dy
                x += sx
            }
            if twice <= dx {
                error += dx
                y += sy
            }
        }
    }

    @inline(__always)
    mutating func plot(x: Int, y: Int, ink: UInt8, stroke: UInt8) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        switch marker {
        case .braille:
            let cell = (y >> 2) * columns + (x >> 1)
            bits[cell] |= Canvas.brailleMasks[(y & 3) << 1 | (x & 1)]
            if roles[cell] < ink { roles[cell] = ink }
        case .halfBlock:
            let cell = (y >> 1) * columns + x
            bits[cell] |= 1 << UInt8(y & 1)
            let slot = cell << 1 | (y & 1)
            if roles[slot] < ink { roles[slot] = ink }
        case .ascii:
            let cell = y * columns + x
            if roles[cell] < ink {
                roles[cell] = ink
                bits[cell] = stroke
            } else if roles[cell] == ink, bits[cell] != stroke, stroke != Stroke.point {
                // Two directions of one layer meet: a junction (or a bend) reads best as a cross.
                bits[cell] = bits[cell] == Stroke.point ? stroke : Stroke.cross
            }
        }
    }
}
