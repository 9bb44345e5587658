import FleetModel
import Foundation
import TerminalCore
import Testing
import TripFollowing

@testable import TerminalUI

/// `tripterm track`'s screen, text and styles, at the three sizes every screen is checked at: a van on its way
/// with the route and estimates, a failure retried; the same shipment with its van hidden by the task's visibility
/// rules; and a delivered one in ASCII and monochrome.
@Suite struct ShipmentScreenGoldenTests {
    static let now = ScreenFixtures.now
    static let path = TripViewFixtures.path

    static func onTheWay(hidingTheVan: Bool = false) -> TaskTrackingInfo {
        var info = TaskTrackingInfo(
            name: "providers/demo/taskTrackingInfo/parcel-1", trackingId: "parcel-1", state: .open,
            plannedLocation: LocationInfo(point: path[11]))
        info.remainingStopCount = 2
        info.remainingDrivingDistanceMeters = 1_840
        info.estimatedArrivalTime = now + .seconds(9 * 60)
        info.estimatedTaskCompletionTime = now + .seconds(11 * 60)
        info.targetTimeWindow = TimeWindow(startTime: now, endTime: now + .seconds(3600))
        if !hidingTheVan {
            info.vehicleLocation = DeliveryVehicleLocation(location: path[2], heading: 40)
            info.routePolylinePoints = Array(path[2...])
        }
        return info
    }

    static func frame(
        _ screen: ShipmentScreen, size: TerminalSize, options: TripAppOptions = ScreenFixtures.options()
    )
        -> CellBuffer
    {
        var renderer = ShipmentFrameRenderer(options: options)
        return renderer.render(screen, size: size)
    }

    static func state(_ info: TaskTrackingInfo?, failure: TripViewFailure? = nil) -> ShipmentViewState {
        ShipmentViewState(
            trackingID: "parcel-1", backendName: "http://127.0.0.1:8787", info: info, updatedAt: now + .seconds(-2),
            failure: failure)
    }

    @Test(arguments: ScreenFixtures.sizes)
    func aVanOnItsWayWithAFailureRetried(size: TerminalSize) {
        let failure = TripViewFailure(
            error: TripServiceError(code: .unavailable, message: "connection refused", transport: .connectionRefused),
            count: 1, at: Self.now + .seconds(-1), retryDelay: .seconds(4))
        let screen = ShipmentScreen(state: Self.state(Self.onTheWay(), failure: failure), now: Self.now, timeZone: .utc)
        ScreenFixtures.check(
            Self.frame(screen, size: size), named: "track-\(size.width)x\(size.height)", title: "track \(size)")
    }

    @Test func theVanHiddenByTheTasksRules() {
        let screen = ShipmentScreen(state: Self.state(Self.onTheWay(hidingTheVan: true)), now: Self.now, timeZone: .utc)
        let size = TerminalSize(width: 80, height: 24)
        ScreenFixtures.check(
            Self.frame(screen, size: size), named: "track-hidden-80x24", title: "track, the van hidden")
        #expect(ShipmentScreen.label(.vehicleLocation) == "the van's place")
    }

    @Test func deliveredInASCIIMonochrome() {
        var info = Self.onTheWay(hidingTheVan: true)
        info.state = .closed
        info.taskOutcome = .succeeded
        info.taskOutcomeTime = Self.now + .seconds(-30)
        info.remainingStopCount = nil
        info.remainingDrivingDistanceMeters = nil
        info.estimatedArrivalTime = nil
        info.estimatedTaskCompletionTime = nil
        let screen = ShipmentScreen(
            state: Self.state(info), now: Self.now, styles: .monochrome, ascii: true, timeZone: .utc)
        let size = TerminalSize(width: 80, height: 24)
        ScreenFixtures.check(
            Self.frame(screen, size: size, options: ScreenFixtures.options(.monochrome, ascii: true)),
            named: "track-delivered-80x24-ascii-mono", title: "track, delivered, --ascii, monochrome")
    }

    @Test func keysAreLookedUpInTheOneTable() {
        #expect(ShipmentKeyBindings.action(for: .character("q")) == .quit)
        #expect(ShipmentKeyBindings.action(for: .character("r")) == .refresh)
        #expect(ShipmentKeyBindings.action(for: .character("x")) == nil)
        #expect(ShipmentKeyBindings.action(for: .tab) == .switchView)
        for hint in ShipmentKeyBindings.hints(switchTarget: nil) {
            let key = hint.key.first.map(Key.character)
            #expect(key.flatMap(ShipmentKeyBindings.action(for:)) != nil, "hint \(hint.key) has no binding")
        }
    }
}
