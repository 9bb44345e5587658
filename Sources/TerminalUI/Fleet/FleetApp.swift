import FleetModel
import MapRendering
import TerminalCore

/// The fleet screen as a ``Screen``: the tracker's listings (through ``FleetViewSubscriber``), keys and the mouse
/// make a frame only when what it would show changed — a new listing, a key, a resize, or the ages in the list
/// ticking over once a second.
///
/// Keys: ↑/↓, PgUp/PgDn, Home/End select a vehicle; `/` searches (Enter keeps the text, Esc drops it); `s` cycles
/// the sort column; `+`/`-` zoom and `h j k l` pan the map (the camera then stays put), `f` fits the fleet again;
/// Ctrl-L redraws; `q` quits. A click on a list row or on a vehicle's glyph selects it; the wheel zooms the map.
/// Enter follows the selected vehicle (``FollowedVehicle``: its stops, route segment, distance and ETA, across its
/// trips or tasks); `t` opens the rider view of its current trip over the fleet, through the command line's opener;
/// Esc returns to the fleet from either. `T` switches the list to the tasks the tracker lists and back: the same
/// keys select, search (`field:text` words) and sort them, the map marks the selected task's place, and Enter
/// follows its vehicle. In a replay (`replay --fleet`) the transport keys of ``FleetReplayControls``
/// act on the replay's clock and a timeline bar shows where it is.
public final class FleetApp: Screen {
    private let subscriber: FleetViewSubscriber
    private let options: TripAppOptions
    private let staleDisplay: StaleDisplay
    private let now: @Sendable () -> ProtoTimestamp
    private var mapPane: FleetMapPane
    private var list = FleetList()
    private var order = FleetListOrder<FleetRow>()
    private var tasks = FleetTaskList()
    private var taskOrder = FleetListOrder<FleetTaskRow>()
    /// The list pane shows the tasks (`T`).
    private var showsTasks: Bool
    /// The events pane shows under the list (`e`), when there are events to read.
    private var showsEvents = true
    private var notice: (text: String, until: ContinuousClock.Instant)?
    private var lastScreen: FleetScreen?
    private var lastViewport: Viewport?
    private var lastSize: TerminalSize?
    private var navigation = MapNavigation()
    private let clock = ContinuousClock()
    private var following: FollowedVehicle?
    /// The `?` overlay is up.
    private var showHelp = false
    private var lastGeneration: UInt64 = .max
    /// The selections' rows in the last frame, for when their vehicle or task vanishes from the listing.
    private var lastSelectedIndex: Int?
    private var lastSelectedTaskIndex: Int?
    private let openTrip: FleetTripOpener?
    private let openDriverConsole: FleetTripOpener?
    /// The view over the fleet (a trip's rider view, a car's driver console) until Esc.
    private var trip: FleetTripView?
    private let replay: FleetReplayControls?

    /// - Parameters:
    ///   - now: the clock the list's ages are measured on (wall time live).
    ///   - openTrip: builds the rider view `t` opens; nil: `t` says there is none.
    ///   - openDriverConsole: builds the driver console Tab opens for a vehicle name, nil for a vehicle it has
    ///     none of (only the demo city drives its cars here); nil: Tab says there is none.
    ///   - replay: a fleet replay's transport; nil live.
    ///   - showsTasks: open on the task list (`fleet --tasks`).
    public init(
        subscriber: FleetViewSubscriber, options: TripAppOptions, staleDisplay: StaleDisplay = .grey,
        now: @escaping @Sendable () -> ProtoTimestamp, openTrip: FleetTripOpener? = nil,
        openDriverConsole: FleetTripOpener? = nil, replay: FleetReplayControls? = nil, showsTasks: Bool = false
    ) {
        self.replay = replay
        self.showsTasks = showsTasks
        self.openTrip = openTrip
        self.openDriverConsole = openDriverConsole
        self.subscriber = subscriber
        self.options = options
        self.staleDisplay = staleDisplay
        self.now = now
        mapPane = FleetMapPane(options: options)
    }

    public func becameCurrent() {
        lastScreen = nil
        trip?.screen.becameCurrent()
    }

    public func finished(_ notice: String?) {
        if let trip {
            trip.screen.finished(notice)
        } else if let notice {
            say(notice)
        }
    }

    public func refreshInterval(at now: ContinuousClock.Instant) -> Duration {
        trip?.screen.refreshInterval(at: now) ?? .milliseconds(250)
    }

    /// The list's rows for the current state, kept in ``order`` from frame to frame.
    private func visibleRows() -> [FleetRow] { order.visible(currentScreen().shownRows, list: list) }

    /// The task list's rows, kept in ``taskOrder``.
    private func visibleTaskRows() -> [FleetTaskRow] {
        taskOrder.visible(subscriber.snapshot.taskRows ?? [], list: tasks)
    }

    /// The screen for the current state, as the next frame would show it.
    private func currentScreen() -> FleetScreen {
        FleetScreen(
            state: subscriber.snapshot, list: list, now: ProtoTimestamp(seconds: now().seconds),
            staleDisplay: staleDisplay, styles: .forMode(options.colorMode), ascii: options.ascii,
            notice: notice?.text, isFitting: mapPane.camera.isFollowing, following: following,
            timeZone: options.timeZone, showHelp: showHelp, replay: replay?.status, tasks: tasks,
            showsTasks: showsTasks, showsEvents: showsEvents)
    }

    public func handle(_ event: TerminalEvent, size: TerminalSize) -> ScreenCommand {
        if let trip {
            guard event == .key(.escape) else { return trip.screen.handle(event, size: size) }
            self.trip = nil
            lastScreen = nil
            let close = trip.close
            return .perform {
                await close()
                return nil
            }
        }
        let visible = visibleRows()
        let visibleTasks = showsTasks ? visibleTaskRows() : []
        let layout = currentScreen().layout(size: size)
        switch event {
        case .resize:
            lastScreen = nil
        case .mouse(let mouse):
            if let layout { handleMouse(mouse, layout: layout, visible: visible, visibleTasks: visibleTasks) }
        case .key(let key):
            if showHelp {
                // The overlay takes the keys: ?, Esc or q close it, the rest wait.
                if key == .character("?") || key == .escape || key == .character("q") { showHelp = false }
                break
            }
            if showsTasks ? tasks.type(key) : list.type(key) {
                // A search that ends with the selection left out selects the first row it shows.
                if showsTasks {
                    let rows = visibleTaskRows()
                    if !tasks.isSearching, tasks.selectedIndex(in: rows) == nil { tasks.move(by: 0, in: rows) }
                } else {
                    let rows = visibleRows()
                    if !list.isSearching, list.selectedIndex(in: rows) == nil { list.move(by: 0, in: rows) }
                }
                break
            }
            guard let action = FleetKeyBindings.action(for: key, replay: replay != nil) else { break }
            switch action {
            case .quit: return .quit
            case .redraw:
                lastScreen = nil
                return .redraw
            case .toggleHelp: showHelp = true
            case .back:
                if following != nil {
                    following = nil
                    mapPane.fit()
                } else if showsTasks {
                    tasks.query = ""
                } else {
                    list.query = ""
                }
            case .follow: follow(visible)
            case .openTrip: return openCurrentTrip()
            case .openDriverConsole: return openCurrentDriverConsole()
            case .toggleTasks: toggleTasks()
            case .toggleEvents: toggleEvents()
            case .select(let selection):
                let count = showsTasks ? visibleTasks.count : visible.count
                let pageSize = max(1, layout.map(page(of:)) ?? 1)
                let step =
                    switch selection {
                    case .up: -1
                    case .down: 1
                    case .pageUp: -pageSize
                    case .pageDown: pageSize
                    case .first: -count
                    case .last: count
                    }
                if showsTasks {
                    tasks.move(by: step, in: visibleTasks)
                } else {
                    list.move(by: step, in: visible)
                }
                // Following, the keys go from vehicle to vehicle (or task to task) in the list's order.
                if following != nil { follow(visible) }
            case .search:
                if showsTasks { tasks.isSearching = true } else { list.isSearching = true }
            case .sort:
                if showsTasks {
                    tasks.sort = tasks.sort.next(among: FleetTaskColumn.allCases)
                    say("tasks sorted by " + tasks.sort.title)
                } else {
                    list.sort = list.sort.next(
                        among: FleetSortColumn.columns(deliveries: subscriber.snapshot.hasDeliveries))
                    say("sorted by " + list.sort.title)
                }
            case .zoom(let steps): mapPane.camera.zoom(by: Double(steps))
            case .pan(let columns, let rows): mapPane.camera.pan(columns: columns, rows: rows)
            case .fit:
                mapPane.fit()
                say("fitting the fleet")
            case .replay(let transport):
                if let notice = replay?.perform(transport) { say(notice) }
            }
        }
        if let layout { scrollToSelection(height: page(of: layout)) }
        return .none
    }

    private func scrollToSelection(height: Int) {
        if showsTasks {
            tasks.scrollToSelection(in: visibleTaskRows(), height: height)
        } else {
            list.scrollToSelection(in: visibleRows(), height: height)
        }
    }

    /// `T`: the task list, or back to the vehicles; following stops, the list taking the panel's place.
    private func toggleTasks() {
        guard subscriber.snapshot.taskRows != nil else {
            say("this fleet lists no tasks: --kind trips, a replay, or a backend without the Deliveries API")
            return
        }
        showsTasks.toggle()
        if following != nil {
            following = nil
            mapPane.fit()
        }
        say(showsTasks ? "tasks" : "vehicles")
    }

    /// `e`: the events pane, or not; a backend without events (Google's, a replay) has none to show, and a server
    /// that records none says so in the pane.
    private func toggleEvents() {
        let snapshot = subscriber.snapshot
        guard snapshot.events != nil || snapshot.eventsAreOff else {
            if let refusal = snapshot.eventsRefusal, refusal.code == .permissionDenied {
                say("events need a server token (PERMISSION_DENIED): \(refusal.message)")
            } else {
                say("this fleet has no events: only tripterm serve records them (docs/server.md, Events)")
            }
            return
        }
        showsEvents.toggle()
        lastScreen = nil
        say(showsEvents ? "events shown" : "events hidden")
    }

    /// Follows the selected vehicle (in the task list, the selected task's), the camera fitting it and its stops.
    private func follow(_ visible: [FleetRow]) {
        let snapshot = subscriber.snapshot
        let name: String?
        if showsTasks {
            let task = tasks.selected.flatMap { selected in snapshot.taskRows?.first { $0.name == selected } }
            guard let task, !task.vehicleID.isEmpty else {
                say(task.map { $0.id + " is on no vehicle" } ?? "no task selected")
                return
            }
            name = snapshot.rows.first { $0.isDelivery && $0.id == task.vehicleID }?.name
            if name == nil { say("vehicle " + task.vehicleID + " is not listed") }
        } else {
            name = list.selectedIndex(in: visible).map { visible[$0].name }
        }
        guard let name, let vehicle = snapshot.vehicles.first(where: { $0.name == name }) else { return }
        following = FollowedVehicle(vehicle)
        mapPane.fit()
        say("following " + ResourceID.last(in: name))
    }

    /// The rider view of the followed (else selected) vehicle's first current trip.
    private func openCurrentTrip() -> ScreenCommand {
        let name = following?.name ?? list.selected
        guard let vehicle = subscriber.snapshot.vehicles.first(where: { $0.name == name }) else { return .none }
        guard let tripID = vehicle.currentTrips.first else {
            say(
                ResourceID.last(in: vehicle.name)
                    + (vehicle.isDelivery
                        ? " is a delivery vehicle: tasks, not trips (T lists them)" : " has no current trip"))
            return .none
        }
        // Fleet Engine lists trip ids; the rider view wants the trip's resource name, under the vehicle's provider.
        let provider = vehicle.name.components(separatedBy: "/vehicles/").first ?? ""
        let tripName = tripID.hasPrefix("providers/") ? tripID : provider + "/trips/" + tripID
        guard let openTrip, let view = openTrip(tripName) else {
            say("no rider view here")
            return .none
        }
        trip = view
        view.screen.becameCurrent()
        return .redraw
    }

    /// The driver console of the followed (else selected) vehicle, where one is driven here.
    private func openCurrentDriverConsole() -> ScreenCommand {
        guard let name = following?.name ?? list.selected else { return .none }
        guard let openDriverConsole, let view = openDriverConsole(name) else {
            say("no driver console for " + ResourceID.last(in: name) + " here")
            return .none
        }
        trip = view
        view.screen.becameCurrent()
        return .redraw
    }

    private func page(of layout: FleetScreenLayout) -> Int {
        showsTasks
            ? FleetListPane.bodyHeight(of: layout.list, list: tasks)
            : FleetListPane.bodyHeight(of: layout.list, list: list)
    }

    private func handleMouse(
        _ mouse: MouseEvent, layout: FleetScreenLayout, visible: [FleetRow], visibleTasks: [FleetTaskRow]
    ) {
        if layout.list.contains(x: mouse.x, y: mouse.y) {
            if showsTasks {
                Self.handleListMouse(mouse, in: layout.list, list: &tasks, visible: visibleTasks)
            } else {
                Self.handleListMouse(mouse, in: layout.list, list: &list, visible: visible)
            }
            return
        }
        // A click on a vehicle's glyph selects it.
        if let click = navigation.handle(mouse, on: layout.map, camera: &mapPane.camera), let viewport = lastViewport,
            let hit = visible.first(where: { Self.isAt($0, column: click.column, row: click.row, in: viewport) })
        {
            list.selected = hit.name
        }
    }

    /// A click selects a row of the list, the wheel moves the selection.
    private static func handleListMouse<Row>(
        _ mouse: MouseEvent, in area: Rect, list: inout FleetListState<Row>, visible: [Row]
    ) {
        switch mouse.kind {
        case .press(.left):
            if let index = FleetListPane.rowIndex(atY: mouse.y, in: area, list: list) {
                list.select(index: index, in: visible)
            }
        case .wheelUp: list.move(by: -1, in: visible)
        case .wheelDown: list.move(by: 1, in: visible)
        default: break
        }
    }

    private static func isAt(_ row: FleetRow, column: Int, row line: Int, in viewport: Viewport) -> Bool {
        guard let projected = row.projected, let cell = CellLocator(viewport).cell(of: projected) else { return false }
        return cell.column == column && cell.row == line
    }

    private func say(_ text: String) { notice = (text, clock.now.advanced(by: .seconds(2))) }

    public func frame(size: TerminalSize, at now: ContinuousClock.Instant) async -> CellBuffer? {
        if let trip { return await trip.screen.frame(size: size, at: now) }
        if let current = notice, current.until <= now { notice = nil }
        let generation = subscriber.generation
        var screen = currentScreen()
        let isNewListing = generation != lastGeneration
        if isNewListing {
            following?.update(from: screen.state.vehicles)
            lastGeneration = generation
        }
        screen.following = following
        let visible = order.visible(screen.shownRows, list: list)
        list.keepSelection(in: visible, isNewListing: isNewListing, lastIndex: lastSelectedIndex)
        lastSelectedIndex = list.selectedIndex(in: visible)
        var visibleTasks: [FleetTaskRow]?
        if showsTasks {
            let rows = taskOrder.visible(screen.state.taskRows ?? [], list: tasks)
            tasks.keepSelection(in: rows, isNewListing: isNewListing, lastIndex: lastSelectedTaskIndex)
            lastSelectedTaskIndex = tasks.selectedIndex(in: rows)
            visibleTasks = rows
        }
        let layout = screen.layout(size: size)
        if let layout {
            let height = page(of: layout)
            list.scrollToSelection(in: visible, height: height)
            if let visibleTasks { tasks.scrollToSelection(in: visibleTasks, height: height) }
        }
        screen.list = list
        screen.tasks = tasks
        if let layout {
            mapPane.prepare(
                rows: screen.shownRows, following: following, task: screen.selectedTask, columns: layout.map.width,
                rows: layout.map.height)
            screen.isFitting = mapPane.camera.isFollowing
        }
        let viewport = layout.map { _ in mapPane.camera.viewport }
        guard screen != lastScreen || viewport != lastViewport || size != lastSize else { return nil }
        let map = layout.map { _ in mapPane.render() }
        lastScreen = screen
        lastViewport = viewport
        lastSize = size
        return screen.compose(size: size, map: map, viewport: viewport, visible: visible, visibleTasks: visibleTasks)
    }
}
