import FleetModel
import MapRendering
import TerminalCore

/// The shipment map's camera and renderer: the van, its route to the shipment's stop, and the stop, fitted until
/// the user pans or zooms (`f` fits again), over the base map's roads.
struct ShipmentMapPane {
    var camera: Camera
    private var renderer = MapRenderer()
    private var scene = MapScene()
    private var baseMap: (@Sendable (LatLng) -> [MapRoad])?
    private var roadSelector = RoadSelector(roads: [])
    private let theme: MapTheme
    private let glyphs: GlyphSet

    init(options: TripAppOptions) {
        camera = Camera(
            viewport: Viewport(
                centre: MapPane.placeholderCentre, zoom: 14, columns: 0, rows: 0, marker: options.marker),
            followMaxZoom: 17, padding: 1)
        baseMap = options.baseMap
        theme = options.mapTheme
        glyphs = options.mapGlyphs
    }

    /// The scene for `info`: a DELIVERY's place as a dropoff, the van with its heading, the route ahead.
    mutating func prepare(_ info: TaskTrackingInfo?, columns: Int, rows: Int) {
        scene.dropoff = info?.plannedLocation?.point
        scene.activeRoute = info?.routePolylinePoints ?? []
        scene.vehicle = info?.vehicleLocation?.location.map {
            MapVehicle(position: $0, heading: info?.vehicleLocation?.heading.map(Double.init))
        }
        if let baseMap, let anchor = scene.vehicle?.position ?? scene.dropoff {
            roadSelector = RoadSelector(roads: baseMap(anchor))
            self.baseMap = nil
        }
        camera.update(fitting: scene.pointsToFit, columns: columns, rows: rows)
        if !roadSelector.isEmpty {
            let roads = roadSelector.roads(for: camera.viewport)
            if roads != scene.roads { scene.roads = roads }
        }
    }

    /// The map for the current scene and camera (the renderer keeps the layers that did not change).
    mutating func render() -> CellBuffer {
        renderer.render(scene: scene, viewport: camera.viewport, theme: theme, glyphs: glyphs)
    }
}

/// Frames of the shipment screen, in the event loop and in golden tests alike: the map pane kept from one frame to
/// the next, each ``ShipmentScreen`` composed over it.
public struct ShipmentFrameRenderer {
    var mapPane: ShipmentMapPane

    public init(options: TripAppOptions) { mapPane = ShipmentMapPane(options: options) }

    public mutating func render(_ screen: ShipmentScreen, size: TerminalSize) -> CellBuffer {
        guard let area = ShipmentScreen.mapArea(size: size) else { return screen.compose(size: size, map: nil) }
        mapPane.prepare(screen.state.info, columns: area.width, rows: area.height)
        return screen.compose(size: size, map: mapPane.render())
    }
}
