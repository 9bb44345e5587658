import FleetModel

/// What part of the world a map pane shows: a Web Mercator view with a centre, a fractional zoom and a size in
/// cells. Zoom is independent of the marker: at zoom z the world is `32·2^z` cells wide (a cell spans 8 pixels of a
/// 256-pixel slippy-map tile), and a cell is `cellAspect` times as tall as wide, so the map is not squashed and
/// switching Braille ↔ half-block ↔ ASCII keeps the same area in view.
///
/// ```swift
/// let view = Viewport(centre: monaco, zoom: 15, columns: 80, rows: 24)
/// let dot = view.dotPosition(of: pickup)          // where to draw it
/// let closer = view.zoomed(by: 1, toward: (column: 10, row: 5))   // that cell keeps its coordinate
/// ```
public struct Viewport: Hashable, Sendable {
    /// Zooms a viewport accepts; wider values are clamped.
    public static let zoomRange: ClosedRange<Double> = 0...22
    /// Width of the whole world in cells at zoom 0.
    public static let worldCellsAtZoomZero = 32.0

    public var centre: LatLng
    /// Fractional zoom, clamped to ``zoomRange``.
    public var zoom: Double { didSet { zoom = Self.clamp(zoom) } }
    public var columns: Int
    public var rows: Int
    public var marker: CanvasMarker
    /// How many times taller than wide a terminal cell is.
    public var cellAspect: Double

    public init(
        centre: LatLng, zoom: Double, columns: Int, rows: Int, marker: CanvasMarker = .braille, cellAspect: Double = 2
    ) {
        self.centre = centre
        self.zoom = Self.clamp(zoom)
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.marker = marker
        self.cellAspect = cellAspect > 0 ? cellAspect : 2
    }

    /// The world's width in cells at this zoom.
    public var worldCells: Double { Self.worldCellsAtZoomZero * MapMath.power2(zoom) }

    /// The affine map from Web Mercator to this view's dots, computed once per frame for many points.
    public var transform: MercatorTransform { MercatorTransform(self) }

    /// Fractional cell position of `coordinate` (x right, y down; cell (c, r) covers [c, c+1) × [r, r+1)).
    public func cellPosition(of coordinate: LatLng) -> (x: Double, y: Double) {
        CellLocator(self).position(of: MercatorPoint(coordinate))
    }

    /// The cell holding `coordinate`, or nil when it is outside the view.
    public func cell(of coordinate: LatLng) -> (column: Int, row: Int)? {
        CellLocator(self).cell(of: MercatorPoint(coordinate))
    }

    /// Position of `coordinate` in this view's dots (sub-cell pixels of ``marker``).
    public func dotPosition(of coordinate: LatLng) -> DotPoint { transform.dot(MercatorPoint(coordinate)) }

    /// The coordinate at a fractional cell position.
    public func coordinate(atCellX x: Double, y: Double) -> LatLng {
        let world = worldCells, centre = MercatorPoint(centre)
        return MercatorPoint(
            x: centre.x + (x - Double(columns) / 2) / world,
            y: centre.y + (y - Double(rows) / 2) * cellAspect / world
        ).coordinate
    }

    /// The coordinate at the centre of a cell.
    public func coordinate(column: Int, row: Int) -> LatLng {
        coordinate(atCellX: Double(column) + 0.5, y: Double(row) + 0.5)
    }

    /// The coordinate at a dot position.
    public func coordinate(atDot dot: DotPoint) -> LatLng {
        coordinate(atCellX: dot.x / Double(marker.dotsAcross), y: dot.y / Double(marker.dotsDown))
    }

    /// The view moved by whole or fractional cells (positive: the map scrolls to show what is right / below).
    public func panned(columns dx: Double, rows dy: Double) -> Viewport {
        var copy = self
        copy.centre = coordinate(atCellX: Double(columns) / 2 + dx, y: Double(rows) / 2 + dy)
        return copy
    }

    /// The view moved by whole cells.
    public func panned(columns dx: Int, rows dy: Int) -> Viewport { panned(columns: Double(dx), rows: Double(dy)) }

    /// The view zoomed by `levels` (1 doubles the scale). With a cell, that cell's coordinate stays where it is,
    /// as a mouse wheel zoom should; without one, the centre stays.
    public func zoomed(by levels: Double, toward cell: (column: Int, row: Int)? = nil) -> Viewport {
        var copy = self
        copy.zoom = zoom + levels
        guard let cell else { return copy }
        let x = Double(cell.column) + 0.5, y = Double(cell.row) + 0.5
        let anchor = MercatorPoint(coordinate(atCellX: x, y: y))
        let world = copy.worldCells
        copy.centre =
            MercatorPoint(
                x: anchor.x - (x - Double(columns) / 2) / world,
                y: anchor.y - (y - Double(rows) / 2) * cellAspect / world
            ).coordinate
        return copy
    }

    /// Ground metres across one cell at the centre's latitude, for the scale bar.
    public var metersPerCell: Double {
        2 * .pi * Geo.earthRadiusMeters * MapMath.cosine(degrees: centre.latitude) / worldCells
    }

    /// The same view with another size or marker.
    public func resized(columns: Int, rows: Int, marker: CanvasMarker? = nil) -> Viewport {
        Viewport(
            centre: centre, zoom: zoom, columns: columns, rows: rows, marker: marker ?? self.marker,
            cellAspect: cellAspect)
    }

    static func clamp(_ zoom: Double) -> Double {
        zoom.isFinite ? min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound) : zoomRange.lowerBound
    }
}

/// Web Mercator → dots for one viewport: a scale and an offset per axis, so projecting a pre-projected polyline
/// costs two multiply-adds a point.
public struct MercatorTransform: Hashable, Sendable {
    public var scaleX: Double
    public var scaleY: Double
    public var offsetX: Double
    public var offsetY: Double

    public init(_ viewport: Viewport) {
        let world = viewport.worldCells, centre = MercatorPoint(viewport.centre)
        let across = Double(viewport.marker.dotsAcross), down = Double(viewport.marker.dotsDown)
        scaleX = world * across
        scaleY = world / viewport.cellAspect * down
        offsetX = Double(viewport.columns) * across / 2 - centre.x * scaleX
        offsetY = Double(viewport.rows) * down / 2 - centre.y * scaleY
    }

    @inline(__always) public func dot(_ point: MercatorPoint) -> DotPoint {
        DotPoint(x: point.x * scaleX + offsetX, y: point.y * scaleY + offsetY)
    }
}
