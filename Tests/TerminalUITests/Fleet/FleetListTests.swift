import FleetModel
import TerminalCore
import TestSupport
import Testing
import TripFollowing

@testable import TerminalUI

/// The list pane's rules on plain values: each sort column's order, search, selection kept by vehicle across
/// listings, scrolling that keeps the selection shown; and the stale rule judged on a manual clock.
@Suite struct FleetListTests {
    static let rows = FleetFixtures.vehicles.map(FleetRow.init)

    static func ids(_ rows: [FleetRow]) -> [String] { rows.map(\.id) }

    @Test func eachSortColumnOrdersTheRows() {
        var list = FleetList()
        #expect(
            Self.ids(list.visible(Self.rows)) == ["car-01", "car-02", "car-03", "car-04", "car-05", "car-06", "car-07"])
        list.sort = .state  // free, on trip, offline, stale; ties by id
        #expect(
            Self.ids(list.visible(Self.rows)) == ["car-01", "car-03", "car-07", "car-02", "car-04", "car-05", "car-06"])
        list.sort = .trips  // most trips first
        #expect(Self.ids(list.visible(Self.rows)).prefix(2) == ["car-04", "car-02"])
        list.sort = .speed  // fastest first, no speed last
        #expect(
            Self.ids(list.visible(Self.rows)) == ["car-02", "car-01", "car-04", "car-07", "car-03", "car-05", "car-06"])
        list.sort = .age  // oldest report first
        #expect(Self.ids(list.visible(Self.rows)).first == "car-06")
        list.sort = .navigation
        #expect(Self.ids(list.visible(Self.rows)).last == "car-04")  // off route
    }

    /// A speed of NaN or infinity (proto3 JSON allows both) is no speed: it sorts last by id instead of comparing
    /// neither below nor above anything, which let rows wander between listings.
    @Test func aSpeedThatIsNotFiniteSortsAsNone() {
        let odd = [Double.nan, .infinity, -.infinity].enumerated().map { index, speed in
            FleetVehicle(
                vehicle: FleetFixtures.vehicle(
                    "car-1\(index)", latitude: 43.74, longitude: 7.42, speed: speed),
                isStale: false)
        }
        let rows = (odd + FleetFixtures.vehicles).map(FleetRow.init)
        #expect(rows.prefix(3).allSatisfy { $0.speedKmph == nil })
        var list = FleetList()
        list.sort = .speed
        let expected = [
            "car-02", "car-01", "car-04", "car-07", "car-03", "car-05", "car-06", "car-10", "car-11", "car-12",
        ]
        #expect(Self.ids(list.visible(rows)) == expected)
        #expect(Self.ids(list.visible(rows.reversed())) == expected)
    }

    @Test func theSortKeyCyclesThroughEveryColumn() {
        var column = FleetSortColumn.id
        var seen: [FleetSortColumn] = []
        for _ in FleetSortColumn.allCases {
            seen.append(column)
            column = column.next(among: FleetSortColumn.allCases)
        }
        #expect(seen == FleetSortColumn.allCases)
        #expect(column == .id)
    }

    @Test func searchMatchesIdsTripsAndStates() {
        var list = FleetList()
        list.isSearching = true
        for character in "T-1" { _ = list.type(.character(character)) }
        #expect(Self.ids(list.visible(Self.rows)) == ["car-02", "car-04"])
        _ = list.type(.backspace)
        _ = list.type(.character("1"))
        _ = list.type(.character("9"))
        #expect(Self.ids(list.visible(Self.rows)) == ["car-04"])
        let tookEnter = list.type(.enter)
        #expect(tookEnter && !list.isSearching && list.query == "T-19")
        let tookX = list.type(.character("x"))
        #expect(!tookX)  // not searching: the key is the screen's
        list.query = "stale"
        #expect(Self.ids(list.visible(Self.rows)) == ["car-06"])
        list.isSearching = true
        let tookEscape = list.type(.escape)
        #expect(tookEscape && list.query.isEmpty && Self.ids(list.visible(Self.rows)).count == 7)
    }

    @Test func selectionMovesClampsAndFollowsTheVehicleAcrossSorts() {
        var list = FleetList()
        var visible = list.visible(Self.rows)
        list.move(by: 1, in: visible)
        #expect(list.selected == "providers/demo/vehicles/car-01")
        list.move(by: -5, in: visible)
        #expect(list.selected == "providers/demo/vehicles/car-01")
        list.move(by: 100, in: visible)
        #expect(list.selected == "providers/demo/vehicles/car-07")
        list.sort = .speed
        visible = list.visible(Self.rows)
        #expect(list.selectedIndex(in: visible) == 3)
        list.select(index: 0, in: visible)
        #expect(list.selected == "providers/demo/vehicles/car-02")
        list.select(index: 99, in: visible)
        #expect(list.selected == "providers/demo/vehicles/car-02")
        list.move(by: 1, in: [])
        #expect(list.selected == nil)
    }

    @Test func scrollingKeepsTheSelectionShown() {
        var list = FleetList()
        let visible = list.visible(Self.rows)
        list.select(index: 6, in: visible)
        list.scrollToSelection(in: visible, height: 3)
        #expect(list.scrollTop == 4)
        list.select(index: 1, in: visible)
        list.scrollToSelection(in: visible, height: 3)
        #expect(list.scrollTop == 1)
        list.scrollToSelection(in: visible, height: 10)
        #expect(list.scrollTop == 0)
    }

    /// The tracker judges staleness on its clock; the screen greys stale vehicles or hides them per `--hide-stale`.
    @Test func theStaleRuleOnAManualClock() async {
        let t0 = FleetFixtures.now
        let clock = VirtualClock.manual(start: t0)
        let backend = ScriptedFleetBackend(pages: [
            [
                FleetFixtures.vehicle("a", latitude: 43.73, longitude: 7.42, age: 0),
                FleetFixtures.vehicle("b", latitude: 43.74, longitude: 7.42, age: 200),
            ]
        ])
        let tracker = FleetTracker(
            backend: backend, options: TripModelOptions(jitterSeed: 1), staleThreshold: .seconds(300), clock: clock,
            now: { clock.timestamp })
        let subscriber = FleetViewSubscriber(backendName: "test", pollInterval: .seconds(5), now: { clock.timestamp })
        await tracker.register(subscriber)
        await tracker.refresh()
        var screen = FleetScreen(state: subscriber.snapshot, list: FleetList(), now: clock.timestamp)
        #expect(screen.shownRows.map(\.state) == [.free, .free])
        clock.advance(by: .seconds(101))  // b's report is now 301 s old
        await tracker.refresh()
        screen.state = subscriber.snapshot
        #expect(screen.shownRows.map(\.state) == [.free, .stale])
        screen.staleDisplay = .hide
        #expect(screen.shownRows.map(\.id) == ["a"])
        let frame = screen.compose(size: TerminalSize(width: 120, height: 36), map: nil, viewport: nil)
        #expect(frame.text.contains("1 of 2 vehicles · 1 stale hidden"))
    }
}
