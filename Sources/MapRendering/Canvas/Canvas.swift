/// A sub-cell raster over `columns × rows` cells, drawn with one ``CanvasMarker``, that remembers a ``MapRole``
/// for each dot (Braille and ASCII: for each cell, the highest role that touched it) and turns into cells with
/// ``compose(into:theme:originX:originY:)``.
///
/// Storage is flat and per cell, so clearing is one fill and composing one pass: `bits` holds the Braille dot
/// pattern (bit layout of U+2800), the half-block's top/bottom bits, or the ASCII stroke; `roles` holds role + 1
/// (0: empty), two entries a cell for half blocks so each half keeps its own colour.
public struct Canvas: Sendable {
    public let columns: Int
    public let rows: Int
    public let marker: CanvasMarker
    /// Height of a cell over its width, used to pick ASCII strokes by the line's on-screen slope.
    public let cellAspect: Double
    public var dotWidth: Int { columns * marker.dotsAcross }
    public var dotHeight: Int { rows * marker.dotsDown }

    private(set) var bits: [UInt8]
    private(set) var roles: [UInt8]

    public init(columns: Int, rows: Int, marker: CanvasMarker, cellAspect: Double = 2) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.marker = marker
        self.cellAspect = cellAspect
        bits = Array(repeating: 0, count: self.columns * self.rows)
        roles = Array(repeating: 0, count: self.columns * self.rows * (marker == .halfBlock ? 2 : 1))
    }

    /// Whether nothing has been drawn.
    public var isEmpty: Bool { !bits.contains { $0 != 0 } }

    /// Erases everything, keeping the storage.
    public mutating func clear() {
        bits.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        roles.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Whether `other` has the same size and marker, so its dots can be copied in with ``copyDots(from:)``.
    public func hasSameLayout(as other: Canvas) -> Bool {
        columns == other.columns && rows == other.rows && marker == other.marker && cellAspect == other.cellAspect
    }

    /// Replaces this canvas's dots with `other`'s (same layout), reusing this canvas's storage.
    public mutating func copyDots(from other: Canvas) {
        precondition(hasSameLayout(as: other), "copyDots needs canvases of the same size and marker")
        bits.withUnsafeMutableBufferPointer { target in
            other.bits.withUnsafeBufferPointer { source in _ = target.update(fromContentsOf: source) }
        }
        roles.withUnsafeMutableBufferPointer { target in
            other.roles.withUnsafeBufferPointer { source in _ = target.update(fromContentsOf: source) }
        }
    }

    /// The role shown at a dot, nil when it is empty (for tests and hit-testing).
    public func role(atDotX x: Int, y: Int) -> MapRole? {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return nil }
        switch marker {
        case .braille:
            let cell = (y >> 2) * columns + (x >> 1)
            return bits[cell] & Self.brailleMasks[(y & 3) << 1 | (x & 1)] != 0
                ? MapRole(rawValue: roles[cell] &- 1) : nil
        case .halfBlock:
            return MapRole(rawValue: roles[((y >> 1) * columns + x) << 1 | (y & 1)] &- 1)
        case .ascii:
            return bits[y * columns + x] != 0 ? MapRole(rawValue: roles[y * columns + x] &- 1) : nil
        }
    }

    /// Sets one dot (ASCII: a point stroke). Dots outside the canvas are ignored.
    public mutating func setDot(x: Int, y: Int, role: MapRole) {
        withRasteriser { $0.plot(x: x, y: y, ink: role.rawValue &+ 1, stroke: Stroke.point) }
    }

    /// Draws the segment `a`–`b` (dot coordinates), clipped to the canvas first.
    public mutating func drawLine(from a: DotPoint, to b: DotPoint, role: MapRole) {
        withRasteriser { $0.drawLine(from: a, to: b, ink: role.rawValue &+ 1) }
    }

    /// Draws a polyline whose points are already in dots.
    public mutating func drawPolyline(_ points: [DotPoint], role: MapRole) {
        guard let first = points.first else { return }
        let ink = role.rawValue &+ 1
        withRasteriser { rasteriser in
            if points.count == 1 {
                if first.x >= 0, first.y >= 0 {
                    rasteriser.plot(x: Int(first.x), y: Int(first.y), ink: ink, stroke: Stroke.point)
                }
                return
            }
            for i in 1..<points.count { rasteriser.drawLine(from: points[i - 1], to: points[i], ink: ink) }
        }
    }

    /// Runs `body` with direct access to the storage, so drawing many lines pays for the arrays' uniqueness checks
    /// once rather than at every dot.
    mutating func withRasteriser<R>(_ body: (inout Rasteriser) -> R) -> R {
        let columns = columns, rows = rows, marker = marker, aspect = cellAspect
        return bits.withUnsafeMutableBufferPointer { bits in
            roles.withUnsafeMutableBufferPointer { roles in
                var rasteriser = Rasteriser(
                    bits: bits, roles: roles, columns: columns, dotWidth: columns * marker.dotsAcross,
                    dotHeight: rows * marker.dotsDown, marker: marker, cellAspect: aspect)
                return body(&rasteriser)
            }
        }
    }

    /// Braille dot bits indexed by `(y mod 4) · 2 + (x mod 2)`: dots 1-2-3-7 down the left, 4-5-6-8 down the right.
    static let brailleMasks: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
}

/// ASCII strokes: a line character chosen by the segment's on-screen direction.
enum Stroke {
    static let point: UInt8 = 1
    static let horizontal: UInt8 = 2
    static let vertical: UInt8 = 3
    static let rising: UInt8 = 4
    static let falling: UInt8 = 5
    static let cross: UInt8 = 6
    static let glyphs: [Character] = [" ", ".", "-", "|", "/", "\\", "+"]

    /// The stroke for a segment of `dx` × `dy` dots (y down) on cells `aspect` times taller than wide.
    static func of(dx: Double, dy: Double, aspect: Double) -> UInt8 {
        let across = abs(dx), down = abs(dy) * aspect
        if across == 0 && down == 0 { return point }
        if down <= across * 0.414 { return horizontal }  // within 22.5° of horizontal
        if down >= across * 2.414 { return vertical }
        return (dx > 0) == (dy < 0) ? rising : falling
    }
}
