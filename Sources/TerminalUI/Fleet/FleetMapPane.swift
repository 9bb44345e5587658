import FleetModel
import MapRendering
import TerminalCore

/// The fleet map's camera and base map: fits every shown vehicle (or the followed one and its stops) until the
/// user pans or zooms, and renders the roads (and a followed vehicle's route) through one `MapRenderer`, whose cached layers survive frames where only vehicles moved (the vehicles are
/// drawn over the frame by ``FleetMapView``).
struct FleetMapPane {
    var camera: Camera
    private var renderer = MapRenderer()
    private var scene = MapScene()
    private var baseMap: (@Sendable (LatLng) -> [MapRoad])?
    private var roadSelector = RoadSelector(roads: [])
    private let theme: MapTheme
    private let glyphs: GlyphSet
    private var drawn: (scene: MapScene, viewport: Viewport, frame: CellBuffer)?

    init(options: TripAppOptions) {
        camera = Camera(
            viewport: Viewport(
                centre: MapPane.placeholderCentre, zoom: 14, columns: 0, rows: 0, marker: options.marker),
            followMaxZoom: 16, padding: 1)
        baseMap = options.baseMap
        theme = options.mapTheme
        glyphs = options.mapGlyphs
    }

    mutating func fit() { camera.resumeFollowing() }

    /// Fits the camera (while fitting) to `rows`' positions (projected once per listing) and the selected `task`'s
    /// place, or to the followed vehicle, its route segment and stops, in a `columns`×`rows` pane; draws the
    /// followed vehicle's route and numbered stops, or the task's place as a stop; picks the roads.
    mutating func prepare(
        rows fleet: [FleetRow], following: FollowedVehicle? = nil, task: FleetTaskRow? = nil, columns: Int, rows: Int
    ) {
        let followed = following?.pointsToFit
        let route = following?.routeSegment ?? []
        if route != scene.activeRoute { scene.activeRoute = route }
        let stops = following?.stops.compactMap(\.point) ?? [task?.plannedPoint].compactMap { $0 }
        if stops != scene.stops { scene.stops = stops }
        if let baseMap, let anchor = followed.map(\.first) ?? fleet.lazy.compactMap(\.position).first {
            roadSelector = RoadSelector(roads: baseMap(anchor))
            self.baseMap = nil
        }
        if let followed {
            camera.update(fitting: followed, columns: columns, rows: rows)
        } else {
            let place = task?.projected.map { [$0] } ?? []
            camera.update(fittingProjected: fleet.compactMap(\.projected) + place, columns: columns, rows: rows)
        }
        if !roadSelector.isEmpty {
            let roads = roadSelector.roads(for: camera.viewport)
            if roads != scene.roads { scene.roads = roads }
        }
    }

    /// The base map for the current camera: drawn again only when the roads or the view changed.
    mutating func render() -> CellBuffer {
        if let drawn, drawn.viewport == camera.viewport, drawn.scene == scene { return drawn.frame }
        let frame = renderer.render(scene: scene, viewport: camera.viewport, theme: theme, glyphs: glyphs)
        drawn = (scene, camera.viewport, frame)
        return frame
    }
}
