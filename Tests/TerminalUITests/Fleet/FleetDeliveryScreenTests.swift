import FleetModel
import TerminalCore
import TestSupport
import Testing
import TripFollowing

@testable import TerminalUI

/// Delivery vehicles on the fleet screen — their own glyphs, the stops and tasks columns, the follow panel's stops
/// with their tasks — and the task list `T` shows, with its field search and the selected task's place on the map.
@Suite struct FleetDeliveryScreenTests {
    /// Enter on van-1: its two stops, the first's two tasks on lines of their own, the leg to it from journey
    /// sharing, distance and ETA from the driver's report.
    @Test func followingADeliveryVehicle() throws {
        let van = try #require(FleetFixtures.vans.first)
        FleetFixtures.check(
            FleetScreen(
                state: FleetFixtures.deliveryState(), list: FleetList(), now: FleetFixtures.now,
                following: FollowedVehicle(van), timeZone: .utc),
            named: "fleet-follow-van-120x36", title: "fleet following van-1")
    }

    /// `T`, t-103 selected: its place marked on the map, its vehicle drawn selected.
    @Test func theTaskList() {
        var tasks = FleetTaskList()
        tasks.selected = "providers/demo/tasks/t-103"
        FleetFixtures.check(
            FleetScreen(
                state: FleetFixtures.deliveryState(), list: FleetList(), now: FleetFixtures.now, tasks: tasks,
                showsTasks: true),
            named: "fleet-tasks-120x36", title: "fleet task list, t-103 selected")
    }

    /// `/vehicle:van-1` — van-1's tasks, open or closed — sorted by outcome, on a narrow terminal in ASCII.
    @Test func aTaskSearchByFieldSortedByOutcome() {
        var tasks = FleetTaskList()
        tasks.query = "vehicle:van-1"
        tasks.sort = .outcome
        tasks.selected = "providers/demo/tasks/t-091"
        FleetFixtures.check(
            FleetScreen(
                state: FleetFixtures.deliveryState(), list: FleetList(), now: FleetFixtures.now, styles: .monochrome,
                ascii: true, tasks: tasks, showsTasks: true),
            size: TerminalSize(width: 80, height: 24), options: FleetFixtures.options(.monochrome, ascii: true),
            named: "fleet-tasks-search-80x24-ascii-mono", title: "fleet tasks /vehicle:van-1, by outcome, --ascii")
    }

    @Test(arguments: ScreenFixtures.sizes)
    func fleetWithDeliveryVehicles(size: TerminalSize) {
        var list = FleetList()
        list.selected = "providers/demo/deliveryVehicles/van-1"
        FleetFixtures.check(
            FleetScreen(state: FleetFixtures.deliveryState(), list: list, now: FleetFixtures.now), size: size,
            named: "fleet-deliveries-\(size.width)x\(size.height)", title: "fleet with delivery vehicles \(size)")
    }

    @Test func theTaskSearchReadsFieldsAndWords() {
        let rows = FleetFixtures.tasks.map(FleetTaskRow.init)
        func ids(_ query: String) -> [String] {
            var list = FleetTaskList()
            list.query = query
            return list.visible(rows).map(\.id)
        }
        #expect(ids("state:closed") == ["t-090", "t-091"])
        #expect(ids("vehicle:van-1 state:open") == ["t-101", "t-102", "t-103"])
        #expect(ids("tracking:parcel-1") == ["t-101", "t-102", "t-103", "t-104"])
        #expect(ids("type:unavailable").isEmpty && ids("type:scheduled_stop") == ["t-106"] && ids("STOP") == ["t-106"])
        #expect(ids("outcome:failed") == ["t-091"] && ids("failed") == ["t-091"])
        #expect(ids("colour:red").isEmpty, "an unknown field is a word, and no field holds it")
        #expect(ids("vehicle:van-2 state:").count == 1, "a field without text yet holds every row")
    }

    /// In the app: `T` shows the tasks, `/` filters them, `s` sorts them, Enter follows the selected task's vehicle
    /// and Esc comes back to the task list; `T` again shows the vehicles, with their stops and tasks columns.
    @Test func theTaskKeyTheSearchAndFollowingATasksVehicle() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let clock = VirtualClock.manual(start: FleetFixtures.now)
        let backend = ScriptedFleetBackend(pages: [FleetFixtures.vehicles.compactMap(\.vehicle)])
        backend.setDeliveries(FleetFixtures.vans.compactMap(\.deliveryVehicle), tasks: ["": FleetFixtures.tasks])
        let tracker = FleetTracker(
            backend: backend, scope: FleetScope(kind: .auto, taskFilter: ""), clock: clock, now: { clock.timestamp })
        let subscriber = FleetViewSubscriber(backendName: "test", pollInterval: .seconds(5), now: { clock.timestamp })
        await tracker.register(subscriber)
        await tracker.refresh()
        let app = TerminalApp(
            terminal: terminal,
            screen: FleetApp(subscriber: subscriber, options: FleetFixtures.options(), now: { clock.timestamp }))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("stops") && terminal.screen.text.contains("delivering"))
        #expect(terminal.screen.text.contains("9 vehicles · 7 tasks"))
        terminal.type("T")
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("tracking") && terminal.screen.text.contains("parcel-14"))
        terminal.type("/tracking:parcel-13")
        terminal.send(.key(.enter))
        #expect(await app.runPending())
        #expect(!terminal.screen.text.contains("parcel-14"))
        #expect(FleetAppTests.selectedLine(terminal)?.contains("t-103") == true)
        terminal.send(.key(.enter))  // follows van-1, whose task it is
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("Following ◆ van-1"))
        #expect(terminal.screen.text.contains("parcel-13"))
        terminal.send(.key(.escape))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("/tracking:parcel-13"), "back on the task list, its search kept")
        terminal.send(.key(.escape))
        terminal.type("T")
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("van-2") && terminal.screen.text.contains("car-07"))
        terminal.send(.key(.end))  // van-2, last by id
        terminal.type("t")  // a van has no trip to open
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("is a delivery vehicle"))
    }

    /// `auto` with a token the Deliveries API refuses: the cars stay, and the status bar says why no van shows.
    @Test func refusedDeliveriesAreSaidOnTheStatusBar() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let clock = VirtualClock.manual(start: FleetFixtures.now)
        let backend = ScriptedFleetBackend(pages: [FleetFixtures.vehicles.compactMap(\.vehicle)])
        backend.refuseDeliveries(with: TripServiceError(code: .permissionDenied, message: "not a delivery super user"))
        let tracker = FleetTracker(
            backend: backend, scope: FleetScope(kind: .auto, taskFilter: nil), clock: clock, now: { clock.timestamp })
        let subscriber = FleetViewSubscriber(backendName: "test", pollInterval: .seconds(5), now: { clock.timestamp })
        await tracker.register(subscriber)
        await tracker.refresh()
        let app = TerminalApp(
            terminal: terminal,
            screen: FleetApp(subscriber: subscriber, options: FleetFixtures.options(), now: { clock.timestamp }))
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("no deliveries (PERMISSION_DENIED)"))
        #expect(terminal.screen.text.contains("car-01") && !terminal.screen.text.contains("van-1"))
    }

    /// A fleet that lists no tasks (on-demand only) says so rather than showing an empty task list.
    @Test func theTaskKeyWithoutATaskList() async {
        let terminal = MemoryTerminal(width: 120, height: 36)
        let (app, _) = await FleetAppTests.app(terminal)
        #expect(await app.runPending())
        terminal.type("T")
        #expect(await app.runPending())
        #expect(terminal.screen.text.contains("this fleet lists no tasks"))
        #expect(terminal.screen.text.contains("car-01") && !terminal.screen.text.contains("tracking"))
    }
}
