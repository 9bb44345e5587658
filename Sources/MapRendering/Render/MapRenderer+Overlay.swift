import FleetModel
import TerminalCore

/// The glyph layers drawn over the raster on every frame: markers (stops, pickup, dropoff, then the vehicle on
/// top), labels (never over a marker), the scale bar, and arrows at the edge for markers out of view.
extension MapRenderer {
    mutating func drawOverlay(scene: MapScene, viewport: Viewport, theme: MapTheme, glyphs: GlyphSet) {
        guard viewport.columns > 0, viewport.rows > 0 else { return }
        var markers: [(LatLng, Character, MapRole)] = []
        markers.reserveCapacity(scene.stops.count + 3)
        var offscreen: [((x: Double, y: Double), Character, MapRole)] = []
        for (index, stop) in scene.stops.enumerated() { markers.append((stop, glyphs.stop(number: index + 1), .stop)) }
        if let pickup = scene.pickup { markers.append((pickup, glyphs.pickup, .pickup)) }
        if let dropoff = scene.dropoff { markers.append((dropoff, glyphs.dropoff, .dropoff)) }
        if let vehicle = scene.vehicle {
            markers.append((vehicle.position, glyphs.vehicle(heading: vehicle.heading), .vehicle))
        }
        let markerStart = overlayCells.count
        for (position, glyph, role) in markers {
            let cell = viewport.cellPosition(of: position)
            if let column = Self.index(cell.x, below: viewport.columns),
                let row = Self.index(cell.y, below: viewport.rows)
            {
                put(glyph, column: column, row: row, style: theme.style(for: role))
            } else if role != .stop {
                offscreen.append((cell, role == .vehicle ? glyphs.vehicle : glyph, role))
            }
        }
        let markerCells = overlayCells[markerStart...]
        for label in scene.labels {
            drawLabel(label, viewport: viewport, style: theme.style(for: .label), avoiding: Array(markerCells))
        }
        drawScaleBar(viewport: viewport, style: theme.style(for: .scaleBar), glyphs: glyphs)
        // Edge arrows last: like the scale bar they sit on the frame's border, and they must not be hidden by it.
        for (cell, glyph, role) in offscreen {
            drawOffscreenIndicator(cell, glyph: glyph, role: role, viewport: viewport, theme: theme, glyphs: glyphs)
        }
    }

    /// An arrow on the edge of the view in the direction of an off-screen marker, with the marker's glyph beside it
    /// on the inner side: `◎→` at the right edge, `↖⚑` in the top-left corner.
    private mutating func drawOffscreenIndicator(
        _ target: (x: Double, y: Double), glyph: Character, role: MapRole, viewport: Viewport, theme: MapTheme,
        glyphs: GlyphSet
    ) {
        guard target.x.isFinite, target.y.isFinite, viewport.columns >= 2 else { return }
        let centreX = Double(viewport.columns) / 2, centreY = Double(viewport.rows) / 2
        let dx = target.x - centreX, dy = target.y - centreY
        // Scale the direction until it touches the border of the cell centres.
        let reachX = dx == 0 ? Double.infinity : (centreX - 0.5) / abs(dx)
        let reachY = dy == 0 ? Double.infinity : (centreY - 0.5) / abs(dy)
        let reach = min(reachX, reachY)
        let column = min(max(Int(centreX + dx * reach), 0), viewport.columns - 1)
        let row = min(max(Int(centreY + dy * reach), 0), viewport.rows - 1)
        // Bearing on screen: cells are taller than wide.
        let bearing = MapMath.angle(y: dx, x: -dy * viewport.cellAspect) * 180 / .pi
        let style = theme.style(for: role)
        let glyphColumn = column == viewport.columns - 1 || (column > 0 && dx > 0) ? column - 1 : column + 1
        put(glyph, column: glyphColumn, row: row, style: style)
        put(glyphs.offscreenArrow(bearing: bearing), column: column, row: row, style: style)
    }

    /// A label one cell right of its point, or ending one cell left of it when it would run off the right edge.
    private mutating func drawLabel(_ label: MapLabel, viewport: Viewport, style: CellStyle, avoiding markers: [Int]) {
        let cell = viewport.cellPosition(of: label.position)
        guard let column = Self.index(cell.x, below: viewport.columns),
            let row = Self.index(cell.y, below: viewport.rows)
        else { return }
        let width = label.text.displayWidth
        var start = column + 2
        if start + width > viewport.columns { start = max(0, column - 1 - width) }
        var x = start
        for grapheme in label.text {
            // A wide glyph (a street name in Japanese) takes two cells, and is left out where a marker covers either.
            let glyphWidth = grapheme.displayWidth
            guard x + glyphWidth <= viewport.columns else { break }
            if !(x..<(x + glyphWidth)).contains(where: { markers.contains(row * viewport.columns + $0) }) {
                put(grapheme, column: x, row: row, style: style)
            }
            x += glyphWidth
        }
    }

    /// `├────┤ 200 m` in the bottom-left corner, for the longest round distance that fits a quarter of the width
    /// (at most 20 cells).
    private mutating func drawScaleBar(viewport: Viewport, style: CellStyle, glyphs: GlyphSet) {
        guard viewport.columns >= 16, viewport.rows >= 3,
            let scale = ScaleBar(metersPerCell: viewport.metersPerCell, maxCells: min(20, viewport.columns / 4))
        else { return }
        let row = viewport.rows - 1
        var column = 1
        put(glyphs.scaleBar.left, column: column, row: row, style: style)
        for _ in 1..<scale.cells {
            column += 1
            put(glyphs.scaleBar.body, column: column, row: row, style: style)
        }
        column += 1
        put(glyphs.scaleBar.right, column: column, row: row, style: style)
        column += 2
        for grapheme in scale.label {
            put(grapheme, column: column, row: row, style: style)
            column += 1
        }
    }

    /// Writes one glyph through the buffer's subscript, which keeps wide glyphs whole (a scale bar drawn over half
    /// of a wide label glyph blanks the other half); every cell it may touch is recomposed before the next overlay.
    private mutating func put(_ grapheme: Character, column: Int, row: Int, style: CellStyle) {
        guard column >= 0, row >= 0, column < frame.width, row < frame.height else { return }
        let index = row * frame.width + column
        frame[column, row] = Cell(grapheme, style: style)
        overlayCells.append(index)
        if grapheme.displayWidth == 2, column + 1 < frame.width { overlayCells.append(index + 1) }
    }

    /// The whole cell index of a fractional position, when it is inside `0..<count`.
    private static func index(_ position: Double, below count: Int) -> Int? {
        position.isFinite && position >= 0 && position < Double(count) ? Int(position) : nil
    }
}
