import FleetModel
import MapRendering
import TerminalCore
import Testing
import TripFollowing

@testable import TerminalUI

/// Whole screens, text and styles, at three sizes (side panel, panel below, summary line), composed in-process
/// from literal states: the rider's and the replay's trip screen, the driver console, the help overlay, and wide
/// glyphs in a trip id and a street name. The binary's own goldens (`replay --snapshot`) stay in TriptermTests.
@Suite struct ScreenGoldenTests {
    static let sizes = ScreenFixtures.sizes

    @Test(arguments: sizes)
    func riderScreen(size: TerminalSize) {
        let frame = ScreenFixtures.tripFrame(
            ScreenFixtures.riderState(), mode: .rider(pollInterval: .seconds(5)), size: size)
        ScreenFixtures.check(frame, named: "rider-\(size.width)x\(size.height)", title: "rider \(size)")
    }

    @Test(arguments: sizes)
    func replayScreenWithARecoverableFailure(size: TerminalSize) {
        var state = ScreenFixtures.riderState()
        state.backendName = "replay trip-1.jsonl"
        state.failure = TripViewFailure(
            error: TripServiceError(code: .unavailable, message: "connection refused", transport: .connectionRefused),
            count: 2, at: ScreenFixtures.now + .seconds(-1), retryDelay: .seconds(4))
        let frame = ScreenFixtures.tripFrame(state, mode: ScreenFixtures.replayMode(), size: size)
        ScreenFixtures.check(frame, named: "replay-\(size.width)x\(size.height)", title: "replay \(size)")
    }

    /// `n` went to the first finding: the findings panel explains it, the strip marks it.
    @Test(arguments: sizes)
    func replayFindings(size: TerminalSize) {
        var state = ScreenFixtures.riderState()
        state.backendName = "replay trip-1.jsonl"
        let frame = ScreenFixtures.tripFrame(
            state, mode: ScreenFixtures.replayMode(paused: true, pane: .findings, selected: 0), size: size)
        ScreenFixtures.check(
            frame, named: "replay-findings-\(size.width)x\(size.height)", title: "replay findings \(size)")
    }

    @Test func replayReportCard() {
        var state = ScreenFixtures.riderState()
        state.backendName = "replay trip-1.jsonl"
        let size = TerminalSize(width: 120, height: 36)
        let frame = ScreenFixtures.tripFrame(
            state, mode: ScreenFixtures.replayMode(paused: true, pane: .reportCard), size: size)
        ScreenFixtures.check(frame, named: "replay-report-card-120x36", title: "replay report card \(size)")
    }

    @Test(arguments: sizes)
    func driverConsole(size: TerminalSize) async {
        let frame = await ScreenFixtures.driverConsoleFrame(size: size)
        ScreenFixtures.check(frame, named: "driver-\(size.width)x\(size.height)", title: "driver console \(size)")
    }

    @Test func deliveryDriverConsole() async {
        let size = TerminalSize(width: 100, height: 30)
        let frame = await ScreenFixtures.driverConsoleFrame(size: size, state: ScreenFixtures.deliveryDriverState())
        ScreenFixtures.check(frame, named: "driver-delivery-100x30", title: "delivery driver console \(size)")
    }

    @Test(arguments: sizes)
    func helpOverlay(size: TerminalSize) {
        let rider = ScreenFixtures.tripFrame(
            ScreenFixtures.riderState(), mode: .rider(pollInterval: .seconds(5)), size: size, showHelp: true,
            switchTarget: "driver console")
        ScreenFixtures.check(rider, named: "help-rider-\(size.width)x\(size.height)", title: "rider help \(size)")
        let replay = ScreenFixtures.tripFrame(
            ScreenFixtures.riderState(), mode: ScreenFixtures.replayMode(paused: true), size: size, showHelp: true)
        ScreenFixtures.check(replay, named: "help-replay-\(size.width)x\(size.height)", title: "replay help \(size)")
    }

    @Test func asciiMonochromeRider() {
        let frame = ScreenFixtures.tripFrame(
            ScreenFixtures.riderState(), mode: .rider(pollInterval: .seconds(5)),
            size: TerminalSize(width: 80, height: 24), options: ScreenFixtures.options(.monochrome, ascii: true))
        ScreenFixtures.check(frame, named: "rider-80x24-ascii-mono", title: "rider 80×24, --ascii, monochrome")
    }

    /// A trip id and a street name in Japanese take two cells a glyph, and the rows still line up.
    @Test(arguments: [TerminalSize(width: 100, height: 30), TerminalSize(width: 50, height: 16)])
    func wideGlyphsLineUp(size: TerminalSize) throws {
        var state = ScreenFixtures.riderState()
        state.tripName = try TripName(parsing: "providers/test/trips/東京-駅-1")
        state.backendName = "リプレイ"
        let frame = ScreenFixtures.tripFrame(state, mode: .rider(pollInterval: .seconds(5)), size: size)
        for line in frame.lines { #expect(line.displayWidth == size.width, "\(line)") }
        ScreenFixtures.check(frame, named: "wide-\(size.width)x\(size.height)", title: "wide glyphs \(size)")
    }

    /// `--record` on a full disk: the status bar says the recording is not being written, beside the live source.
    @Test func riderRecordingOnAFullDisk() {
        var state = ScreenFixtures.riderState()
        state.recordingProblem = "not recording (write failed: No space left on device): 3 missed"
        let frame = ScreenFixtures.tripFrame(
            state, mode: .rider(pollInterval: .seconds(5)), size: TerminalSize(width: 120, height: 30))
        ScreenFixtures.check(frame, named: "rider-recording-full-120x30", title: "rider 120×30, recording paused")
    }

    @Test func tooSmall() {
        let frame = ScreenFixtures.tripFrame(
            ScreenFixtures.riderState(), mode: .rider(pollInterval: .seconds(5)),
            size: TerminalSize(width: 29, height: 8))
        ScreenFixtures.check(frame, named: "too-small-29x8", title: "rider 29×8")
    }
}
