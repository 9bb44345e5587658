import FleetModel
import Foundation
import TerminalCore
import Testing
import TripFollowing

@testable import TerminalUI

/// The fleet screen, text and styles, at the three sizes every screen is checked at: the list beside the map, the
/// list below it, a small terminal; with a recoverable failure and the last good fleet still shown, a search under
/// way, and stale vehicles hidden in ASCII and monochrome.
@Suite struct FleetScreenGoldenTests {
    @Test(arguments: ScreenFixtures.sizes)
    func fleetWithARecoverableFailure(size: TerminalSize) {
        var list = FleetList()
        list.selected = "providers/demo/vehicles/car-02"
        let failure = TripViewFailure(
            error: TripServiceError(code: .unavailable, message: "connection refused", transport: .connectionRefused),
            count: 2, at: FleetFixtures.now + .seconds(-1), retryDelay: .seconds(4))
        let screen = FleetScreen(state: FleetFixtures.state(failure: failure), list: list, now: FleetFixtures.now)
        ScreenFixtures.check(
            FleetFixtures.frame(screen, size: size), named: "fleet-\(size.width)x\(size.height)", title: "fleet \(size)"
        )
    }

    @Test func searchSortedBySpeed() {
        var list = FleetList()
        list.sort = .speed
        list.isSearching = true
        list.query = "car-0"
        list.selected = "providers/demo/vehicles/car-04"
        let screen = FleetScreen(state: FleetFixtures.state(), list: list, now: FleetFixtures.now)
        let size = TerminalSize(width: 120, height: 36)
        ScreenFixtures.check(
            FleetFixtures.frame(screen, size: size), named: "fleet-search-120x36", title: "fleet search, by speed")
    }

    @Test func staleHiddenASCIIMonochrome() {
        let client = TripViewFailure(
            error: TripServiceError(code: .permissionDenied, message: "the token is not a server token"), count: 1,
            at: FleetFixtures.now, retryDelay: .seconds(30))
        let screen = FleetScreen(
            state: FleetFixtures.state(failure: client), list: FleetList(), now: FleetFixtures.now,
            staleDisplay: .hide, styles: .monochrome, ascii: true)
        let size = TerminalSize(width: 80, height: 24)
        ScreenFixtures.check(
            FleetFixtures.frame(screen, size: size, options: FleetFixtures.options(.monochrome, ascii: true)),
            named: "fleet-80x24-ascii-mono-hide-stale", title: "fleet --hide-stale, --ascii, monochrome")
    }

    /// `?`: every key of the fleet screen over it, from the table the event loop uses.
    @Test func helpOverlay() {
        let screen = FleetScreen(
            state: FleetFixtures.state(), list: FleetList(), now: FleetFixtures.now, showHelp: true)
        let size = TerminalSize(width: 120, height: 36)
        ScreenFixtures.check(FleetFixtures.frame(screen, size: size), named: "fleet-help-120x36", title: "fleet ?")
    }

    /// Enter on car-02: its stops across two trips in order, its route to the pickup, distance and ETA.
    @Test(arguments: ScreenFixtures.sizes)
    func followingAVehicle(size: TerminalSize) {
        var state = FleetFixtures.state()
        state.take(
            state.vehicles.map { $0.name == FleetFixtures.followed().name ? FleetFixtures.followed() : $0 },
            at: FleetFixtures.now)
        let screen = FleetScreen(
            state: state, list: FleetList(), now: FleetFixtures.now,
            following: FollowedVehicle(FleetFixtures.followed()),
            timeZone: .utc)
        ScreenFixtures.check(
            FleetFixtures.frame(screen, size: size), named: "fleet-follow-\(size.width)x\(size.height)",
            title: "fleet following car-02 \(size)")
    }
}
