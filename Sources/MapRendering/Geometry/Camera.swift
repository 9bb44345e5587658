import FleetModel

/// The map pane's camera: follows the trip (auto-fit of vehicle, pickup, dropoff and remaining route) until the
/// user pans or zooms, and again after ``resumeFollowing()``.
///
/// Auto-fit is calm on purpose. The zoom is quantised down to ``zoomQuantum`` steps and the view is re-fitted only
/// when a point leaves the inner margin (half the fit padding), or the content shrank enough that the quantised zoom
/// would go up a step. A vehicle creeping along inside the view therefore moves on a still map, whose cached layers
/// stay valid, instead of re-zooming and re-centring the map every frame.
public struct Camera: Hashable, Sendable {
    public private(set) var viewport: Viewport
    /// Whether updates re-fit the view to the trip.
    public private(set) var isFollowing: Bool
    /// Auto-fit zooms are multiples of this.
    public var zoomQuantum: Double
    /// Zooms the camera may reach, by auto-fit or by hand.
    public var zoomLimits: ClosedRange<Double>
    /// Highest zoom auto-fit picks, so a lone vehicle is shown at street level rather than at the limit.
    public var followMaxZoom: Double
    /// Rows of margin kept around fitted points (columns: twice as many, see ``Viewport/fitting``).
    public var padding: Int
    private var needsFit = true

    public init(
        viewport: Viewport, isFollowing: Bool = true, zoomQuantum: Double = 0.25,
        zoomLimits: ClosedRange<Double> = 2...19,
        followMaxZoom: Double = 17, padding: Int = 2
    ) {
        self.viewport = viewport
        self.isFollowing = isFollowing
        self.zoomQuantum = zoomQuantum > 0 ? zoomQuantum : 0.25
        self.zoomLimits = zoomLimits
        self.followMaxZoom = followMaxZoom
        self.padding = max(0, padding)
        self.viewport.zoom = zoomLimits.clamp(viewport.zoom)
    }

    /// Re-fits the view to `points` when following and needed; a new size or marker always applies. Returns whether
    /// the viewport changed.
    @discardableResult
    public mutating func update(fitting points: [LatLng], columns: Int, rows: Int, marker: CanvasMarker? = nil) -> Bool
    {
        update(
            fittingProjected: points.compactMap(MercatorPoint.init(finite:)), columns: columns, rows: rows,
            marker: marker)
    }

    /// ``update(fitting:columns:rows:marker:)`` for points already projected (finite ones): the fleet projects each
    /// vehicle once per listing, not once per frame.
    @discardableResult
    public mutating func update(
        fittingProjected points: [MercatorPoint], columns: Int, rows: Int, marker: CanvasMarker? = nil
    ) -> Bool {
        let before = viewport
        if columns != viewport.columns || rows != viewport.rows || (marker.map { $0 != viewport.marker } ?? false) {
            viewport = viewport.resized(columns: columns, rows: rows, marker: marker)
            needsFit = true
        }
        guard isFollowing,
            let ideal = Viewport.fitting(
                projected: points, columns: viewport.columns, rows: viewport.rows, marker: viewport.marker,
                padding: padding, cellAspect: viewport.cellAspect, maxZoom: min(followMaxZoom, zoomLimits.upperBound))
        else { return viewport != before }
        let quantised = zoomLimits.clamp((ideal.zoom / zoomQuantum).rounded(.down) * zoomQuantum)
        if needsFit || quantised > viewport.zoom || !insideInnerMargin(points) {
            viewport.centre = ideal.centre
            viewport.zoom = quantised
            needsFit = false
        }
        return viewport != before
    }

    /// Moves the view by cells and stops following.
    public mutating func pan(columns: Double, rows: Double) {
        viewport = viewport.panned(columns: columns, rows: rows)
        isFollowing = false
    }

    /// Moves the view by whole cells (keys, mouse drags) and stops following.
    public mutating func pan(columns: Int, rows: Int) {
        pan(columns: Double(columns), rows: Double(rows))
    }

    /// Zooms by `levels` (toward a cell, which keeps its coordinate) and stops following.
    public mutating func zoom(by levels: Double, toward cell: (column: Int, row: Int)? = nil) {
        let target = zoomLimits.clamp(viewport.zoom + levels)
        viewport = viewport.zoomed(by: target - viewport.zoom, toward: cell)
        isFollowing = false
    }

    /// Centres the view on a cell (a mouse click) and stops following.
    public mutating func centre(onColumn column: Int, row: Int) {
        viewport.centre = viewport.coordinate(column: column, row: row)
        isFollowing = false
    }

    /// Follows the trip again; the next ``update(fitting:columns:rows:marker:)`` re-fits at once.
    public mutating func resumeFollowing() {
        isFollowing = true
        needsFit = true
    }

    /// Switches the canvas marker without changing what is in view.
    public mutating func setMarker(_ marker: CanvasMarker) {
        viewport.marker = marker
    }

    private func insideInnerMargin(_ points: [MercatorPoint]) -> Bool {
        let marginRows = Double(padding / 2)
        let marginColumns = (marginRows * viewport.cellAspect).rounded()
        let transform = viewport.transform
        let across = Double(viewport.marker.dotsAcross), down = Double(viewport.marker.dotsDown)
        let maxX = Double(viewport.columns) - marginColumns, maxY = Double(viewport.rows) - marginRows
        for point in points {
            let dot = transform.dot(point)
            let x = dot.x / across, y = dot.y / down
            if x < marginColumns || y < marginRows || x >= maxX || y >= maxY { return false }
        }
        return true
    }
}

extension ClosedRange<Double> {
    func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
