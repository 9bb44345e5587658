import FleetModel
import TerminalCore

/// Composes map frames: roads, trail, remaining route and traffic-coloured active route rasterised on a
/// ``Canvas``, then markers, off-screen indicators, labels and the scale bar as whole glyphs on top.
///
/// The renderer keeps what did not change. Polylines are projected to Web Mercator once per content; the road
/// raster is kept per viewport; the route raster (over a copy of the roads) per viewport and route content; the
/// composed frame per theme, rewritten in place. A frame where only the vehicle moved recomposes the few cells the
/// last frame's overlay covered and draws the overlay again: no layer is re-rasterised.
///
/// ```swift
/// var renderer = MapRenderer()
/// let frame = renderer.render(scene: scene, viewport: camera.viewport, theme: .color256, glyphs: .unicode)
/// ```
/// The returned buffer shares storage with the renderer's frame; drop it before the next render, or that render
/// copies the whole frame (about 290 KB at 200 × 60) before writing to it.
public struct MapRenderer: Sendable {
    /// How often each layer was rebuilt, so tests (and a debug overlay) can see the caches work.
    public struct Statistics: Hashable, Sendable {
        public var frames = 0
        public var roadProjections = 0
        public var routeProjections = 0
        public var roadRasters = 0
        public var routeRasters = 0
        public var compositions = 0
    }

    public private(set) var statistics = Statistics()

    private var roads: [MapRoad]?
    private var roadPaths = ProjectedPaths()
    private var routeLayers: RouteLayers?
    private var routePaths = ProjectedPaths()
    private var roadViewport: Viewport?
    private var roadCanvas: Canvas?
    private var rasterValid = false
    /// Roads and routes: `roadCanvas` plus the route layers, in storage of its own that is reused.
    private var raster: Canvas?
    private var composedTheme: MapTheme?
    /// The last frame, rewritten in place; its storage is shared with the buffer `render` returned.
    var frame = CellBuffer(width: 0, height: 0)
    /// Cells the overlay wrote in `frame`, recomposed from `raster` before the next overlay.
    var overlayCells: [Int] = []

    public init() {}

    /// The frame for `scene` seen through `viewport`.
    public mutating func render(
        scene: MapScene, viewport: Viewport, theme: MapTheme = .color256, glyphs: GlyphSet = .unicode
    ) -> CellBuffer {
        statistics.frames += 1
        if roads != scene.roads {
            roadPaths.removeAll()
            for rank in RoadRank.allCases {
                for road in scene.roads where road.rank == rank {
                    roadPaths.append(road.points, role: MapRole(road: rank))
                }
            }
            roads = scene.roads
            roadViewport = nil
            statistics.roadProjections += 1
        }
        let layers = RouteLayers(scene)
        if routeLayers != layers {
            routePaths.removeAll()
            routePaths.append(layers.trail, role: .trail)
            routePaths.append(layers.route, role: .route)
            routePaths.appendTraffic(route: layers.activeRoute, traffic: layers.traffic)
            routeLayers = layers
            rasterValid = false
            statistics.routeProjections += 1
        }
        if roadViewport != viewport {
            let fresh = Canvas(
                columns: viewport.columns, rows: viewport.rows, marker: viewport.marker, cellAspect: viewport.cellAspect
            )
            if var canvas = roadCanvas.take(), canvas.hasSameLayout(as: fresh) {
                canvas.clear()
                roadPaths.draw(on: &canvas, transform: viewport.transform)
                roadCanvas = canvas
            } else {
                var canvas = fresh
                roadPaths.draw(on: &canvas, transform: viewport.transform)
                roadCanvas = canvas
            }
            roadViewport = viewport
            rasterValid = false
            statistics.roadRasters += 1
        }
        let roadCanvas = roadCanvas!
        if !rasterValid {
            var canvas = raster.take() ?? roadCanvas
            if canvas.hasSameLayout(as: roadCanvas) { canvas.copyDots(from: roadCanvas) } else { canvas = roadCanvas }
            routePaths.draw(on: &canvas, transform: viewport.transform)
            raster = canvas
            rasterValid = true
            composedTheme = nil
            statistics.routeRasters += 1
        }
        let raster = raster!
        if composedTheme != theme {
            if frame.width != viewport.columns || frame.height != viewport.rows {
                frame = CellBuffer(width: viewport.columns, height: viewport.rows)
            }
            let styles = theme.styles
            frame.withUnsafeMutableCells { cells in
                for index in cells.indices { cells[index] = raster.cell(at: index, styles: styles) }
            }
            composedTheme = theme
            statistics.compositions += 1
        } else {
            let styles = theme.styles
            for index in overlayCells { frame.setCell(at: index, raster.cell(at: index, styles: styles)) }
        }
        overlayCells.removeAll(keepingCapacity: true)
        drawOverlay(scene: scene, viewport: viewport, theme: theme, glyphs: glyphs)
        return frame
    }
}

/// The scene's route layers, compared as one cache key.
private struct RouteLayers: Equatable, Sendable {
    var trail: [LatLng]
    var route: [LatLng]
    var activeRoute: [LatLng]
    var traffic: [SpeedReadingInterval]

    init(_ scene: MapScene) {
        trail = scene.trail
        route = scene.route
        activeRoute = scene.activeRoute
        traffic = scene.traffic
    }
}
