import FleetModel
import MapRendering
import TerminalCore

/// The driver console as a ``Screen``: a frame from the state `snapshot` gives at least every 250 ms when it
/// changed, its own keys and the map's (zoom, pan, follow), and the driver's keys handed to `perform` off the loop
/// — they call the server — so the map and the other keys go on meanwhile. While one takes longer than a moment
/// the key line says "working…", then shows the result.
public final class DriverConsoleApp: Screen {
    private let snapshot: @Sendable () async -> DriverConsoleState
    private let perform: @Sendable (DriverConsoleAction) async -> String
    private let screen: DriverConsoleScreen
    private let theme: MapTheme
    private let glyphs: GlyphSet
    private var roadLookup: (@Sendable (LatLng) -> [MapRoad])?
    private var roads: [MapRoad] = []
    private var camera: Camera
    private var renderer = MapRenderer()
    private var lastFrame: CellBuffer?
    private var notice: (text: String, until: ContinuousClock.Instant)?
    /// Actions asked for and not finished, and since when there have been any.
    private var working = (count: 0, since: ContinuousClock.Instant?.none)
    private let clock = ContinuousClock()
    private let switchTarget: String?

    public init(
        options: TripAppOptions, snapshot: @escaping @Sendable () async -> DriverConsoleState,
        perform: @escaping @Sendable (DriverConsoleAction) async -> String
    ) {
        self.snapshot = snapshot
        self.perform = perform
        screen = DriverConsoleScreen(
            styles: .forMode(options.colorMode), ascii: options.ascii, switchTarget: options.switchTarget)
        theme = options.mapTheme
        glyphs = options.mapGlyphs
        roadLookup = options.baseMap
        switchTarget = options.switchTarget
        camera = Camera(
            viewport: Viewport(
                centre: LatLng(latitude: 43.7384, longitude: 7.4246), zoom: 15, columns: 0, rows: 0,
                marker: options.marker))
    }

    /// The console of a vehicle this process drives: its model's state and actions.
    public convenience init(options: TripAppOptions, model: any DriverConsoleModel) {
        self.init(options: options, snapshot: { await model.state() }, perform: { await model.perform($0) })
    }

    public func becameCurrent() { lastFrame = nil }

    /// q, Esc and Ctrl-C quit; Tab switches when `TripAppOptions.switchTarget` names another view.
    public func handle(_ event: TerminalEvent, size: TerminalSize) -> ScreenCommand {
        switch event {
        case .key(.tab) where switchTarget != nil:
            return .switchScreen
        case .key(let key):
            lastFrame = nil
            switch key {
            case .character("q"), .character("Q"), .escape, .ctrl("c"): return .quit
            case .character("o"): return start(.toggleOnline)
            case .character("t"): return start(.toggleTracking)
            case .character("n"): return start(.advance)
            case .character("x"): return start(.cancel)
            // The rider's map keys too (docs/keys.md), so both screens move the map the same way.
            case .character("+"), .character("="), .character("a"): camera.zoom(by: 1)
            case .character("-"), .character("z"): camera.zoom(by: -1)
            case .left, .character("h"): camera.pan(columns: -8, rows: 0)
            case .right, .character("l"): camera.pan(columns: 8, rows: 0)
            case .up, .character("k"): camera.pan(columns: 0, rows: -4)
            case .down, .character("j"): camera.pan(columns: 0, rows: 4)
            case .character("f"), .character("c"): camera.resumeFollowing()
            case .ctrl("l"): return .redraw
            default: break
            }
        case .resize:
            lastFrame = nil
        case .mouse:
            break
        }
        return .none
    }

    public func finished(_ text: String?) {
        working.count -= 1
        if working.count == 0 { working.since = nil }
        if let text { say(text) }
    }

    public func refreshInterval(at now: ContinuousClock.Instant) -> Duration {
        working.count > 0 ? .milliseconds(100) : .milliseconds(250)
    }

    private func start(_ action: DriverConsoleAction) -> ScreenCommand {
        working.count += 1
        if working.since == nil { working.since = clock.now }
        let perform = perform
        return .perform { await perform(action) }
    }

    private func say(_ text: String) { notice = (text, clock.now.advanced(by: .seconds(3))) }

    /// Takes a new snapshot; returns the frame when it would differ from the one on screen.
    public func frame(size: TerminalSize, at now: ContinuousClock.Instant) async -> CellBuffer? {
        let state = await snapshot()
        if let lookup = roadLookup, let anchor = state.position ?? state.pickup ?? state.dropoff {
            roadLookup = nil
            roads = lookup(anchor)
        }
        if let until = notice?.until, now >= until { notice = nil }
        let area = DriverConsoleScreen.mapArea(size)
        var scene = MapScene(
            roads: roads, activeRoute: state.activeRoute,
            vehicle: state.position.map { MapVehicle(position: $0, heading: state.heading) },
            pickup: state.pickup, dropoff: state.dropoff, stops: state.intermediateStops)
        if scene.activeRoute.count < 2 { scene.activeRoute = [] }
        camera.update(fitting: scene.pointsToFit, columns: area.columns, rows: area.rows)
        let map = renderer.render(scene: scene, viewport: camera.viewport, theme: theme, glyphs: glyphs)
        let frame = screen.compose(state, map: map, size: size, notice: notice?.text ?? workingNotice(at: now))
        guard frame != lastFrame else { return nil }
        lastFrame = frame
        return frame
    }

    private func workingNotice(at now: ContinuousClock.Instant) -> String? {
        guard let since = working.since, since.duration(to: now) >= TripApp.workingNoticeDelay else { return nil }
        return "working…"
    }
}
