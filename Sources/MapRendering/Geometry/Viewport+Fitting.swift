import FleetModel

extension Viewport {
    /// The viewport that shows every point with `padding` rows of margin on each side (and `padding × cellAspect`
    /// columns, so the margin looks the same both ways), centred on their bounds, at the highest zoom up to
    /// `maxZoom` — what the Consumer SDK's auto-fit camera does for vehicle, pickup, dropoff and route. The zoom is
    /// exact (fractional); ``Camera`` quantises it. Nil when there are no (finite) points.
    public static func fitting(
        points: [LatLng], columns: Int, rows: Int, marker: CanvasMarker = .braille, padding: Int = 2,
        cellAspect: Double = 2, maxZoom: Double = 18
    ) -> Viewport? {
        fitting(
            projected: points.compactMap(MercatorPoint.init(finite:)), columns: columns, rows: rows, marker: marker,
            padding: padding, cellAspect: cellAspect, maxZoom: maxZoom)
    }

    /// ``fitting(points:columns:rows:marker:padding:cellAspect:maxZoom:)`` for points already projected (finite
    /// ones), as the fleet projects each vehicle once per listing rather than once per frame.
    public static func fitting(
        projected points: [MercatorPoint], columns: Int, rows: Int, marker: CanvasMarker = .braille,
        padding: Int = 2, cellAspect: Double = 2, maxZoom: Double = 18
    ) -> Viewport? {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for m in points {
            minX = min(minX, m.x)
            maxX = max(maxX, m.x)
            minY = min(minY, m.y)
            maxY = max(maxY, m.y)
        }
        guard minX <= maxX else { return nil }
        let aspect = cellAspect > 0 ? cellAspect : 2
        let padColumns = Int((Double(padding) * aspect).rounded()), padRows = padding
        // A point fills a cell, so the span of the points has to fit one cell less than the space left.
        let spanColumns = Double(max(1, columns - 2 * padColumns - 1))
        let spanRows = Double(max(1, rows - 2 * padRows - 1))
        var zoom = maxZoom
        let width = maxX - minX, height = maxY - minY
        if width > 0 || height > 0 {
            let worldX = width > 0 ? spanColumns / width : .infinity
            let worldY = height > 0 ? spanRows * aspect / height : .infinity
            zoom = min(maxZoom, MapMath.logarithm2(min(worldX, worldY) / worldCellsAtZoomZero))
        }
        let centre = MercatorPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2).coordinate
        return Viewport(
            centre: centre, zoom: zoom, columns: columns, rows: rows, marker: marker, cellAspect: aspect)
    }
}
