import FleetModel
import Foundation
import MapRendering
import TerminalCore
import Testing

@testable import TerminalUI

@Suite struct TripScreenTests {
    let now = TripViewFixtures.start + .seconds(5)

    func frame(
        _ state: TripViewState, mode: TripScreenMode = .rider(pollInterval: .seconds(5)),
        size: TerminalSize = TerminalSize(width: 110, height: 30), ascii: Bool = false, help: Bool = false
    ) -> CellBuffer {
        TripScreen(state: state, mode: mode, now: now, timeZone: TripViewFixtures.utc, ascii: ascii, showHelp: help)
            .compose(size: size, map: nil)
    }

    @Test func thePanelShowsStatusEtasDistanceVehicleAndAge() {
        let text = frame(TripViewFixtures.state()).text
        #expect(text.contains("Trip trip-1"))
        #expect(text.contains("Enroute to pickup"))
        #expect(text.contains("Pickup    09:03  in 3 min 15 s"))
        #expect(text.contains("Dropoff   09:15  in 14 min 55 s"))
        #expect(text.contains("Remaining 1.2 km"))
        #expect(text.contains("Vehicle   36 km/h  NE 45°"))
        #expect(text.contains("Updated   5 s ago"))
        #expect(text.contains(" P pickup"))
        #expect(text.contains(" D dropoff"))
    }

    @Test func oldUpdatesAreFlaggedStale() {
        var state = TripViewFixtures.state()
        state.lastUpdate = now + .seconds(-40)
        #expect(frame(state).text.contains("⚠ 40 s ago (stale)"))
        state.journey.tripStatus = .complete
        #expect(!frame(state).text.contains("stale"))
    }

    @Test func recoverableFailuresShowTheirRetryCountdown() {
        var state = TripViewFixtures.state()
        state.failure = TripViewFailure(
            error: TripServiceError(code: .unavailable, message: "connection refused", transport: .connectionRefused),
            count: 3, at: now + .seconds(-1), retryDelay: .seconds(4))
        let bar = frame(state).lines[28]
        #expect(bar.contains("⟳ recoverable UNAVAILABLE: connection refused — retrying in 3 s (3×)"))
        #expect(bar.contains("http://127.0.0.1:8787 · every 5 s"))
    }

    @Test func clientFailuresSayWhatToDo() {
        var state = TripViewFixtures.state()
        state.failure = TripViewFailure(
            error: TripServiceError(code: .permissionDenied, message: "token is for trip other"),
            count: 1, at: now, retryDelay: .seconds(15))
        let bar = frame(state, size: TerminalSize(width: 200, height: 30)).lines[28]
        #expect(bar.contains("✖ client PERMISSION_DENIED: token is for trip other — the token does not allow this"))
    }

    @Test func aFinishedTripSaysSo() {
        let lines = frame(TripViewFixtures.state(.complete)).lines
        #expect(lines[28].contains("trip complete"))
        #expect(lines.joined().contains("✔ Complete"))
    }

    /// The demo's trip has a stop on the way; once complete (or canceled) the panel listed it as still ahead, and
    /// the vehicle the answers no longer carry as "no location yet".
    @Test func aFinishedTripListsNoStopsAheadNorAVehicleToCome() {
        var state = TripViewFixtures.state()
        state.journey.intermediateDestinations = [TerminalLocation(point: TripViewFixtures.path[6])]
        #expect(frame(state).text.contains(" 1 stop"))
        for status in [TripStatus.complete, .canceled] {
            state.journey.tripStatus = status
            let text = frame(state).text
            #expect(!text.contains("Next stops") && !text.contains(" 1 stop"), "\(status)")
            state.journey.vehicleLocation = nil
            #expect(frame(state).text.contains("Vehicle   —"), "\(status)")
        }
    }

    @Test func theReplayTimelineShowsPlayStateSpeedPositionAndTicks() {
        let status = ReplayStatus(
            position: TripViewFixtures.start + .seconds(30), start: TripViewFixtures.start,
            end: TripViewFixtures.start + .seconds(120), speed: .factor(20), isPaused: false, ticks: [0.5])
        let lines = frame(TripViewFixtures.state(), mode: .replay(status)).lines
        let timeline = lines[27]
        #expect(timeline.hasPrefix(" ▶ ×20 0:30 "))
        #expect(timeline.hasSuffix(" 2:00 "))
        #expect(timeline.contains("●") && timeline.contains("┃"))
        #expect(timeline.firstIndex(of: "●")! < timeline.firstIndex(of: "┃")!)
        #expect(lines[29].contains("space pause"))
    }

    @Test func helpListsEveryKeyOfTheScreen() {
        let text = frame(TripViewFixtures.state(), size: TerminalSize(width: 110, height: 40), help: true).text
        #expect(text.contains("Keys — tripterm rider"))
        for entry in KeyBindings(kind: .rider).entries { #expect(text.contains(entry.keys), "\(entry.keys)") }
    }

    @Test func asciiModeDrawsOnlyAscii() {
        var state = TripViewFixtures.state()
        state.failure = TripViewFailure(
            error: TripServiceError(code: .unavailable, message: "down"), count: 1, at: now, retryDelay: .seconds(2))
        let status = ReplayStatus(
            position: now, start: TripViewFixtures.start, end: now + .seconds(60), speed: .realtime, isPaused: true,
            ticks: [0.2])
        let text = frame(state, mode: .replay(status), ascii: true, help: true).text
        // Degree signs and the data's own text aside, every glyph the screen adds is ASCII.
        let foreign = text.unicodeScalars.filter { !$0.isASCII && $0 != "°" }
        #expect(foreign.isEmpty, "\(String(String.UnicodeScalarView(foreign)))")
    }

    @Test func tinyTerminalsShowANoticeInsteadOfAScreen() {
        let lines = frame(TripViewFixtures.state(), size: TerminalSize(width: 20, height: 5)).lines
        #expect(lines.contains { $0.contains("too small") })
        let oneCell = frame(TripViewFixtures.state(), size: TerminalSize(width: 1, height: 1))
        #expect(oneCell.width == 1 && oneCell.height == 1)
    }

    @Test func narrowTerminalsStillShowTheEssentials() {
        let text = frame(TripViewFixtures.state(), size: TerminalSize(width: 40, height: 12)).text
        #expect(text.contains("Enroute to pickup · 1.2 km · pickup i"))
    }
}
