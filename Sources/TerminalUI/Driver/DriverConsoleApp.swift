import FleetModel
import MapRendering
import TerminalCore

/// The driver console's event loop: redraws from the state `snapshot` gives at least every 250 ms when it changed,
/// handles keys (its own, and the map's: zoom, pan, follow), and hands the driver's keys to `perform`.
///
/// Like ``TripApp`` it waits in `Terminal.readEvent`, which also handles signals, so run it inside
/// `TerminalGuard.run` and the terminal is given back however it ends.
public final class DriverConsoleApp {
    private let terminal: any Terminal
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
    private let clock = ContinuousClock()
    private let switchTarget: String?
    /// Frames drawn, for tests.
    public private(set) var framesDrawn = 0

    public init(
        terminal: any Terminal, options: TripAppOptions, snapshot: @escaping @Sendable () async -> DriverConsoleState,
        perform: @escaping @Sendable (DriverConsoleAction) async -> String
    ) {
        self.terminal = terminal
        self.snapshot = snapshot
        self.perform = perform
        screen = DriverConsoleScreen(styles: .forMode(options.colorMode), ascii: options.ascii, switchTarget: options.switchTarget)
        theme = switch options.colorMode {
        case .color256: .color256
        case .color16: .color16
        case .monochrome: .monochrome
        }
        glyphs = options.ascii ? .ascii : .unicode
        roadLookup = options.baseMap
        switchTarget = options.switchTarget
        camera = Camera(viewport: Viewport(
            centre: LatLng(latitude: 43.7384, longitude: 7.4246), zoom: 15, columns: 0, rows: 0, marker: options.marker))
    }

    /// Runs until the user quits (q or Ctrl-C), or presses Tab when `TripAppOptions.switchTarget` names another
    /// view. Each run starts with a full frame.
    @discardableResult
    public func run() async -> ScreenExit {
        lastFrame = nil
        while true {
            await refresh()
            guard let event = terminal.readEvent(timeout: .milliseconds(250)) else { continue }
            if case .key(.tab) = event, switchTarget != nil { return .switchView }
            if await handle(event) { return .quit }
        }
    }

    /// Handles every queued event and draws once, without waiting: for tests with a `MemoryTerminal`. Returns
    /// false once the user quit.
    public func runPending() async -> Bool {
        while let event = terminal.readEvent(timeout: .zero) {
            if await handle(event) { return false }
        }
        await refresh()
        return true
    }

    /// Returns true to quit.
    private func handle(_ event: TerminalEvent) async -> Bool {
        switch event {
        case .key(let key):
            switch key {
            case .character("q"), .character("Q"), .escape, .ctrl("c"): return true
            case .character("o"): say(await perform(.toggleOnline))
            case .character("t"): say(await perform(.toggleTracking))
            case .character("n"): say(await perform(.advanceTrip))
            case .character("x"): say(await perform(.cancelTrip))
            // The rider's map keys too (docs/keys.md), so both screens move the map the same way.
            case .character("+"), .character("="), .character("a"): camera.zoom(by: 1)
            case .character("-"), .character("z"): camera.zoom(by: -1)
            case .left, .character("h"): camera.pan(columns: -8, rows: 0)
            case .right, .character("l"): camera.pan(columns: 8, rows: 0)
            case .up, .character("k"): camera.pan(columns: 0, rows: -4)
            case .down, .character("j"): camera.pan(columns: 0, rows: 4)
            case .character("f"), .character("c"): camera.resumeFollowing()
            case .ctrl("l"): terminal.forceFullRedraw()
            default: break
            }
            lastFrame = nil
        case .resize:
            lastFrame = nil
        case .mouse:
            break
        }
        return false
    }

    private func say(_ text: String) { notice = (text, clock.now.advanced(by: .seconds(3))) }

    /// Takes a new snapshot and draws when the frame would differ from the one on screen.
    private func refresh() async {
        let state = await snapshot()
        if let lookup = roadLookup, let anchor = state.position ?? state.pickup ?? state.dropoff {
            roadLookup = nil
            roads = lookup(anchor)
        }
        if let until = notice?.until, clock.now >= until { notice = nil }
        let size = terminal.size
        let area = DriverConsoleScreen.mapArea(size)
        var scene = MapScene(
            roads: roads, activeRoute: state.activeRoute,
            vehicle: state.position.map { MapVehicle(position: $0, heading: state.heading) },
            pickup: state.pickup, dropoff: state.dropoff, stops: state.intermediateStops)
        if scene.activeRoute.count < 2 { scene.activeRoute = [] }
        camera.update(fitting: scene.pointsToFit, columns: area.columns, rows: area.rows)
        let map = renderer.render(scene: scene, viewport: camera.viewport, theme: theme, glyphs: glyphs)
        let frame = screen.compose(state, map: map, size: size, notice: notice?.text)
        guard frame != lastFrame else { return }
        terminal.draw(frame)
        lastFrame = frame
        framesDrawn += 1
    }
}
