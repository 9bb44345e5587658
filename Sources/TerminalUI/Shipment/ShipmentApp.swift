import FleetModel
import MapRendering
import TerminalCore
import TripFollowing

/// The shipment screen as a ``Screen``: the tracker's answers (through ``ShipmentViewSubscriber``) and keys make a
/// frame only when what it would show changed — an answer, a failure, a key, a resize, or the countdowns ticking
/// over once a second. Keys are ``ShipmentKeyBindings``'; the wheel zooms the map and a drag pans it.
public final class ShipmentApp: Screen {
    private let subscriber: ShipmentViewSubscriber
    private let tracker: ShipmentTracker
    private let options: TripAppOptions
    private let now: @Sendable () -> ProtoTimestamp
    private var frames: ShipmentFrameRenderer
    private var notice: (text: String, until: ContinuousClock.Instant)?
    private var lastScreen: ShipmentScreen?
    private var lastSize: TerminalSize?
    private let clock = ContinuousClock()
    private var navigation = MapNavigation()

    public init(
        subscriber: ShipmentViewSubscriber, tracker: ShipmentTracker, options: TripAppOptions,
        now: @escaping @Sendable () -> ProtoTimestamp
    ) {
        self.subscriber = subscriber
        self.tracker = tracker
        self.options = options
        self.now = now
        frames = ShipmentFrameRenderer(options: options)
    }

    public func becameCurrent() { lastScreen = nil }

    public func finished(_ notice: String?) {
        if let notice { self.notice = (notice, clock.now + .seconds(3)) }
    }

    public func refreshInterval(at now: ContinuousClock.Instant) -> Duration { .milliseconds(250) }

    public func handle(_ event: TerminalEvent, size: TerminalSize) -> ScreenCommand {
        lastScreen = nil
        if case .mouse(let mouse) = event, let map = ShipmentScreen.mapArea(size: size) {
            _ = navigation.handle(mouse, on: map, camera: &frames.mapPane.camera)
        }
        guard case .key(let key) = event else { return .none }
        guard let action = ShipmentKeyBindings.action(for: key) else { return .none }
        switch action {
        case .quit: return .quit
        case .switchView: return options.switchTarget == nil ? .none : .switchScreen
        case .redraw: return .redraw
        case .refresh:
            let tracker = tracker
            return .perform {
                await tracker.refresh()
                return "polled"
            }
        case .fit: frames.mapPane.camera.resumeFollowing()
        case .zoom(let levels): frames.mapPane.camera.zoom(by: Double(levels))
        case .pan(let columns, let rows): frames.mapPane.camera.pan(columns: columns, rows: rows)
        }
        return .none
    }

    public func frame(size: TerminalSize, at instant: ContinuousClock.Instant) async -> CellBuffer? {
        if let notice, instant >= notice.until { self.notice = nil }
        let screen = ShipmentScreen(
            state: subscriber.snapshot, now: ProtoTimestamp(seconds: now().seconds),
            styles: .forMode(options.colorMode), ascii: options.ascii, notice: notice?.text,
            isFitting: frames.mapPane.camera.isFollowing, timeZone: options.timeZone,
            switchTarget: options.switchTarget)
        guard screen != lastScreen || size != lastSize else { return nil }
        lastScreen = screen
        lastSize = size
        return frames.render(screen, size: size)
    }
}
