import FleetModel
import MapRendering

/// The trip screens' event loop: merges keys, mouse and resizes from the terminal, the model's callbacks (through
/// ``TripViewSubscriber``) and an animation tick, and draws a frame only when what it would show changed — at up
/// to 10 frames a second while the vehicle moves, once a second for the clocks otherwise, and never when idle.
///
/// The loop waits in `Terminal.readEvent`, which also handles signals, so the terminal is given back however the
/// loop ends (see `TerminalGuard`).
public final class TripApp {
    private let terminal: any Terminal
    private let subscriber: TripViewSubscriber
    private let controls: any TripControls
    private let options: TripAppOptions
    private let bindings: KeyBindings
    private var mapPane: MapPane
    private var showHelp = false
    private var notice: (text: String, until: ContinuousClock.Instant)?
    private var lastScreen: TripScreen?
    private var lastSize: TerminalSize?
    private var lastGeneration: UInt64 = .max
    private var dragOrigin: (x: Int, y: Int)?
    private var dragged = false
    private let clock = ContinuousClock()
    /// Frames drawn, for tests and the idle check.
    public private(set) var framesDrawn = 0

    public init(terminal: any Terminal, subscriber: TripViewSubscriber, controls: any TripControls, options: TripAppOptions) {
        self.terminal = terminal
        self.subscriber = subscriber
        self.controls = controls
        self.options = options
        bindings = KeyBindings(kind: controls.mode.kind, switchTarget: options.switchTarget)
        mapPane = MapPane(options: options)
    }

    /// Runs until the user quits (or, with a switch target, presses Tab). Each run starts with a full frame, so
    /// coming back from another view repaints the screen.
    @discardableResult
    public func run() async -> ScreenExit {
        lastScreen = nil
        while true {
            drawIfChanged()
            let timeout = mapPane.isAnimating(at: clock.now) ? options.frameInterval : .milliseconds(250)
            guard let event = terminal.readEvent(timeout: timeout) else { continue }
            switch await handle(event) {
            case .continue: continue
            case .quit: return .quit
            case .switchView: return .switchView
            }
        }
    }

    /// Handles every queued event and draws, without waiting: for tests driving a `MemoryTerminal`.
    /// Returns false once the user quit.
    public func runPending() async -> Bool {
        while let event = terminal.readEvent(timeout: .zero) {
            if await handle(event) != .continue { return false }
        }
        drawIfChanged()
        return true
    }

    private enum Outcome { case `continue`, quit, switchView }

    private func handle(_ event: TerminalEvent) async -> Outcome {
        switch event {
        case .resize:
            lastScreen = nil
        case .mouse(let mouse):
            handleMouse(mouse)
        case .key(let key):
            if showHelp, key == .escape || key == .character("?") || key == .character("q") {
                showHelp = false
                return .continue
            }
            guard let action = bindings.action(for: key) else { return .continue }
            return await perform(action)
        }
        return .continue
    }

    private func perform(_ action: TripAction) async -> Outcome {
        switch action {
        case .quit: return .quit
        case .switchView: return .switchView
        case .toggleHelp: showHelp.toggle()
        case .redraw:
            terminal.forceFullRedraw()
            lastScreen = nil
        case .follow:
            mapPane.camera.resumeFollowing()
            say("following the trip")
        case .zoomIn: mapPane.zoom(by: 1, toward: nil)
        case .zoomOut: mapPane.zoom(by: -1, toward: nil)
        case .pan(let columns, let rows): mapPane.pan(columns: columns, rows: rows)
        case .cycleMarker: say("map: " + mapPane.cycleMarker())
        case .toggleTrail:
            mapPane.showTrail.toggle()
            say(mapPane.showTrail ? "trail shown" : "trail hidden")
        default:
            if let text = await controls.perform(action) { say(text) }
        }
        return .continue
    }

    private func handleMouse(_ mouse: MouseEvent) {
        guard let layout = TripScreenLayout.compute(size: terminal.size, kind: bindings.kind),
              layout.map.contains(x: mouse.x, y: mouse.y) || dragOrigin != nil
        else { return }
        let column = mouse.x - layout.map.x, row = mouse.y - layout.map.y
        switch mouse.kind {
        case .wheelUp: mapPane.zoom(by: 1, toward: (column, row))
        case .wheelDown: mapPane.zoom(by: -1, toward: (column, row))
        case .press(.left):
            dragOrigin = (mouse.x, mouse.y)
            dragged = false
        case .drag(.left):
            guard let origin = dragOrigin else { return }
            mapPane.pan(columns: origin.x - mouse.x, rows: origin.y - mouse.y)
            dragOrigin = (mouse.x, mouse.y)
            dragged = true
        case .release(.left):
            if !dragged { mapPane.centre(onColumn: column, row: row) }
            dragOrigin = nil
        default:
            break
        }
    }

    private func say(_ text: String) { notice = (text, clock.now.advanced(by: .seconds(2))) }

    /// Builds this frame's screen and draws it when it differs from the last one drawn.
    private func drawIfChanged() {
        let now = clock.now
        if let current = notice, current.until <= now { notice = nil }
        let size = terminal.size
        let generation = subscriber.generation
        let state = subscriber.snapshot
        if generation != lastGeneration {
            mapPane.update(with: state, at: now)
            lastGeneration = generation
        }
        var screen = TripScreen(
            state: state, mode: displayedMode, now: secondsOnly(controls.now), timeZone: options.timeZone,
            styles: .forMode(options.colorMode), ascii: options.ascii, showHelp: showHelp, notice: notice?.text,
            isFollowing: mapPane.camera.isFollowing)
        screen.switchTarget = options.switchTarget
        screen.state.trail = []  // compared through the map pane; keeps the comparison cheap
        let layout = TripScreenLayout.compute(size: size, kind: bindings.kind)
        let mapChanged = layout.map { mapPane.prepare(state: state, columns: $0.map.width, rows: $0.map.height, at: now) } ?? false
        guard mapChanged || screen != lastScreen || size != lastSize else { return }
        let map = layout.map { _ in mapPane.render() }
        terminal.draw(screen.compose(size: size, map: map))
        lastScreen = screen
        lastSize = size
        framesDrawn += 1
    }

    /// The mode with the replay position cut to whole seconds, as the timeline shows it.
    private var displayedMode: TripScreenMode {
        guard case .replay(var status) = controls.mode else { return controls.mode }
        status.position = secondsOnly(status.position)
        return .replay(status)
    }

    private func secondsOnly(_ time: ProtoTimestamp) -> ProtoTimestamp { ProtoTimestamp(seconds: time.seconds) }
}
