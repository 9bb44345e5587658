import FleetModel
import MapRendering
import TerminalCore

/// The trip screens (rider and replay) as a ``Screen``: keys, mouse and resizes from ``TerminalApp``, the model's
/// callbacks (through ``TripViewSubscriber``) and the vehicle's animation make a frame only when what it would show
/// changed — at up to 10 frames a second while the vehicle moves, once a second for the clocks otherwise, and never
/// when idle.
///
/// The source's own actions (`r` polls now; a replay's pause, steps, speed and seeks) go to ``TripControls`` off
/// the loop; while one takes longer than a moment the status bar says "working…", then shows its result.
public final class TripApp: Screen {
    private let subscriber: TripViewSubscriber
    private let controls: any TripControls
    private let options: TripAppOptions
    private let bindings: KeyBindings
    private var mapPane: MapPane
    private var showHelp = false
    private var notice: (text: String, until: ContinuousClock.Instant)?
    /// Actions asked for and not finished, and since when there have been any.
    private var working = (count: 0, since: ContinuousClock.Instant?.none)
    private var lastScreen: TripScreen?
    private var lastSize: TerminalSize?
    private var lastGeneration: UInt64 = .max
    private var navigation = MapNavigation()
    private let clock = ContinuousClock()

    /// How long an action runs before the status bar says "working…": quick ones (a replay step) never flash it.
    static let workingNoticeDelay = Duration.milliseconds(200)

    public init(subscriber: TripViewSubscriber, controls: any TripControls, options: TripAppOptions) {
        self.subscriber = subscriber
        self.controls = controls
        self.options = options
        bindings = KeyBindings(kind: controls.mode.kind, switchTarget: options.switchTarget)
        mapPane = MapPane(options: options)
    }

    public func becameCurrent() { lastScreen = nil }

    public func handle(_ event: TerminalEvent, size: TerminalSize) -> ScreenCommand {
        switch event {
        case .resize:
            lastScreen = nil
        case .mouse(let mouse):
            if let events = lastScreen?.eventsShown { return click(mouse, on: events, size: size) }
            handleMouse(mouse, size: size)
        case .key(let key):
            if showHelp, key == .escape || key == .character("?") || key == .character("q") {
                showHelp = false
                return .none
            }
            // Esc leaves the event table before it leaves the replay, as it leaves the help.
            if key == .escape, lastScreen?.eventsShown != nil { return perform(.toggleEvents) }
            guard let action = bindings.action(for: key) else { return .none }
            return perform(action)
        }
        return .none
    }

    public func finished(_ text: String?) {
        working.count -= 1
        if working.count == 0 { working.since = nil }
        if let text { say(text) }
    }

    public func refreshInterval(at now: ContinuousClock.Instant) -> Duration {
        mapPane.isAnimating(at: now) || working.count > 0 ? options.frameInterval : .milliseconds(250)
    }

    private func perform(_ action: TripAction) -> ScreenCommand {
        switch action {
        case .quit: return .quit
        case .switchView: return .switchScreen
        case .toggleHelp: showHelp.toggle()
        case .redraw:
            lastScreen = nil
            return .redraw
        case .follow:
            mapPane.camera.resumeFollowing()
            say("following the trip")
        case .zoomIn: mapPane.camera.zoom(by: 1)
        case .zoomOut: mapPane.camera.zoom(by: -1)
        case .pan(let columns, let rows): mapPane.camera.pan(columns: columns, rows: rows)
        case .cycleMarker: say("map: " + mapPane.cycleMarker())
        case .toggleTrail:
            mapPane.showTrail.toggle()
            say(mapPane.showTrail ? "trail shown" : "trail hidden")
        default:
            // Going to a finding frames its place: the replay jumps there and the camera follows the vehicle again.
            if action == .nextFinding || action == .previousFinding { mapPane.camera.resumeFollowing() }
            working.count += 1
            if working.since == nil { working.since = clock.now }
            let controls = controls
            return .perform { await controls.perform(action) }
        }
        return .none
    }

    private func handleMouse(_ mouse: MouseEvent, size: TerminalSize) {
        guard let layout = TripScreenLayout.compute(size: size, kind: bindings.kind) else { return }
        // A click centres the map on the clicked point.
        if let click = navigation.handle(mouse, on: layout.map, camera: &mapPane.camera) {
            mapPane.camera.centre(onColumn: click.column, row: click.row)
        }
    }

    /// A click on a row of the event table selects that event, as the arrow keys would.
    private func click(_ mouse: MouseEvent, on events: ReplayEventsView, size: TerminalSize) -> ScreenCommand {
        guard case .release(.left) = mouse.kind, let layout = TripScreenLayout.compute(size: size, kind: bindings.kind),
            let index = EventTablePane.rowIndex(atX: mouse.x, y: mouse.y, in: layout.map, events: events)
        else { return .none }
        return perform(.selectEvent(by: index - (events.selected ?? 0)))
    }

    private func say(_ text: String) { notice = (text, clock.now.advanced(by: .seconds(2))) }

    /// This frame's screen, when it differs from the last one returned.
    public func frame(size: TerminalSize, at now: ContinuousClock.Instant) async -> CellBuffer? {
        if let current = notice, current.until <= now { notice = nil }
        let generation = subscriber.generation
        let state = subscriber.snapshot
        if generation != lastGeneration {
            mapPane.update(with: state, at: now)
            lastGeneration = generation
        }
        var screen = TripScreen(
            state: state, mode: displayedMode, now: secondsOnly(controls.now), timeZone: options.timeZone,
            styles: .forMode(options.colorMode), ascii: options.ascii, showHelp: showHelp,
            notice: notice?.text ?? workingNotice(at: now), isFollowing: mapPane.camera.isFollowing)
        screen.switchTarget = options.switchTarget
        screen.state.trail = []  // compared through the map pane; keeps the comparison cheap
        // The event table takes the map's place: no map is drawn under it.
        let layout = screen.eventsShown == nil ? TripScreenLayout.compute(size: size, kind: bindings.kind) : nil
        let mapChanged =
            layout.map {
                mapPane.prepare(state: state, columns: $0.map.width, rows: $0.map.height, at: now)
            } ?? false
        guard mapChanged || screen != lastScreen || size != lastSize else { return nil }
        let map = layout.map { _ in mapPane.render() }
        lastScreen = screen
        lastSize = size
        return screen.compose(size: size, map: map)
    }

    private func workingNotice(at now: ContinuousClock.Instant) -> String? {
        guard let since = working.since, since.duration(to: now) >= Self.workingNoticeDelay else { return nil }
        return "working…"
    }

    /// The mode with the replay position cut to whole seconds, as the timeline shows it.
    private var displayedMode: TripScreenMode {
        guard case .replay(var status) = controls.mode else { return controls.mode }
        status.position = secondsOnly(status.position)
        return .replay(status)
    }

    private func secondsOnly(_ time: ProtoTimestamp) -> ProtoTimestamp { ProtoTimestamp(seconds: time.seconds) }
}
