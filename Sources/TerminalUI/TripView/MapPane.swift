import FleetModel
import MapRendering
import TerminalCore

/// The map part of a trip screen: turns the view state into a `MapScene`, keeps the camera (following the trip
/// until the user pans or zooms), animates the vehicle between fixes, and renders through one `MapRenderer` so
/// that layers which did not change are not drawn again.
struct MapPane {
    var camera: Camera
    var showTrail = true {
        didSet { scene.trail = showTrail ? trail : [] }
    }
    private var renderer = MapRenderer()
    private var animator = VehicleAnimator()
    private var scene: MapScene
    private var trail: [LatLng] = []
    /// Where the vehicle really is (the newest fix), which the camera fits rather than the animated position, so
    /// the view does not move frame by frame while the car glides.
    private var vehicleTarget: LatLng?
    private var reportedHeading: Double?
    private let theme: MapTheme
    private let glyphs: GlyphSet
    private let allowsUnicodeMarkers: Bool
    private var drawn: (scene: MapScene, viewport: Viewport)?
    /// Asked for roads once, when the trip's first position is known.
    private var baseMap: (@Sendable (LatLng) -> [MapRoad])?
    /// The base map, and which of its roads each view draws.
    private var roadSelector = RoadSelector(roads: [])
    private var labeller = RoadLabeller()

    /// Monaco, shown before the first fix arrives.
    static let placeholderCentre = LatLng(latitude: 43.7384, longitude: 7.4246)

    init(options: TripAppOptions) {
        camera = Camera(
            viewport: Viewport(centre: Self.placeholderCentre, zoom: 14, columns: 0, rows: 0, marker: options.marker))
        scene = MapScene()
        baseMap = options.baseMap
        theme = options.mapTheme
        glyphs = options.mapGlyphs
        allowsUnicodeMarkers = !options.ascii
    }

    func isAnimating(at now: ContinuousClock.Instant) -> Bool { animator.isAnimating(at: now) }

    /// Switches Braille → half blocks → ASCII → Braille (only ASCII with `--ascii`); returns the new name.
    mutating func cycleMarker() -> String {
        let next = allowsUnicodeMarkers ? camera.viewport.marker.next : .ascii
        camera.setMarker(next)
        return switch next {
        case .braille: "braille"
        case .halfBlock: "half blocks"
        case .ascii: allowsUnicodeMarkers ? "ascii" : "ascii (--ascii)"
        }
    }

    /// Takes a new view state (the subscriber's generation moved).
    mutating func update(with state: TripViewState, at now: ContinuousClock.Instant) {
        trail = state.trail
        scene.trail = showTrail ? trail : []
        let journey = state.journey
        scene.route = state.route
        scene.activeRoute = journey.activeRoute
        scene.traffic = journey.activeRouteTraffic?.speedReadingInterval ?? []
        scene.pickup = journey.pickupLocation?.point
        scene.dropoff = journey.dropoffLocation?.point
        let stops = journey.intermediateDestinations.compactMap(\.point)
        if stops != scene.stops { scene.stops = stops }
        reportedHeading = journey.vehicleLocation?.heading.map(Double.init)
        if let baseMap, let anchor = journey.vehicleLocation?.location ?? scene.pickup ?? scene.dropoff {
            roadSelector = RoadSelector(roads: baseMap(anchor))
            self.baseMap = nil
        }
        if let position = journey.vehicleLocation?.location {
            animator.moveTo(position, along: journey.activeRoute, at: now)
            vehicleTarget = position
        } else {
            animator.reset()
            vehicleTarget = nil
        }
    }

    /// Positions the vehicle for `now` and fits the camera to a `columns`×`rows` pane; returns whether the next
    /// ``render()`` would differ from the last frame drawn.
    mutating func prepare(state: TripViewState, columns: Int, rows: Int, at now: ContinuousClock.Instant) -> Bool {
        if let position = animator.position(at: now) {
            scene.vehicle = MapVehicle(position: position, heading: animator.heading(at: now) ?? reportedHeading)
        } else {
            scene.vehicle = nil
        }
        var fit = scene
        if let vehicleTarget { fit.vehicle = MapVehicle(position: vehicleTarget) }
        camera.update(fitting: fit.pointsToFit, columns: columns, rows: rows)
        selectRoads(for: camera.viewport)
        let stops = [scene.pickup, scene.dropoff].compactMap { $0 } + scene.stops
        let labels = labeller.labels(
            for: scene.roads, in: camera.viewport, avoiding: stops, ascii: !allowsUnicodeMarkers)
        if labels != scene.labels { scene.labels = labels }
        guard let drawn else { return true }
        return drawn.viewport != camera.viewport || drawn.scene != scene
    }

    private mutating func selectRoads(for viewport: Viewport) {
        guard !roadSelector.isEmpty else { return }
        let roads = roadSelector.roads(for: viewport)
        if roads != scene.roads { scene.roads = roads }
    }

    /// The frame for the current scene and camera.
    mutating func render() -> CellBuffer {
        drawn = (scene, camera.viewport)
        return renderer.render(scene: scene, viewport: camera.viewport, theme: theme, glyphs: glyphs)
    }
}
