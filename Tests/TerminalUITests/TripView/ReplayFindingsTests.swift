import FleetModel
import TerminalCore
import Testing
import TripDiagnosis
import TripFollowing
import TripRecordings

@testable import TerminalUI

/// The replay screen's findings: what `check` finds in the recording drives `n`/`N`, the panel and the strip.
@Suite struct ReplayFindingsTests {
    /// The fixture trip with a teleport planted: at 45 s the vehicle reports near the dropoff, at 48 s it is back.
    static func recordingWithAJump() -> TripRecording {
        var recording = TripViewFixtures.recording()
        let jump = TripViewFixtures.trip(.enrouteToDropoff, vehicleAt: 11)
        let back = TripViewFixtures.trip(.enrouteToDropoff, vehicleAt: 7)
        let at = recording.events.firstIndex { $0.time > TripViewFixtures.start + .seconds(40) }!
        recording.events.insert(
            contentsOf: [
                .snapshot(jump, at: TripViewFixtures.start + .seconds(45)),
                .snapshot(back, at: TripViewFixtures.start + .seconds(48)),
            ], at: at)
        return recording
    }

    @Test func theInsightIsWhatCheckFinds() {
        let recording = Self.recordingWithAJump()
        let insight = ReplayInsight.of(recording)
        let checked = Diagnoser().diagnose(recording)
        #expect(insight.findings == checked.findings)
        #expect(insight.findings.contains { $0.kind == .speedJump })
        #expect(insight.places.count == insight.findings.count && insight.places.allSatisfy { $0 != nil })
        #expect(insight.bands.map(\.status) == checked.timeline.statuses.map(\.status))
        #expect(insight.bands.last?.end == recording.timeSpan?.upperBound)
        #expect(insight.speeds.contains { $0.metresPerSecond > 68 }, "the jump's speed is on the sparkline")
        #expect(insight.reportCard.contains { $0.hasPrefix("findings") })
        #expect(!insight.reportCard.contains { $0.hasPrefix("file ") })
    }

    @Test func nextAndPreviousWalkTheFindingsInOrder() {
        let findings = [10, 20, 20, 30].map { second in
            Finding(
                subject: .trip(TripViewFixtures.name), kind: .dwell,
                start: TripViewFixtures.start + .seconds(Int64(second)),
                end: TripViewFixtures.start + .seconds(Int64(second)), detail: "")
        }
        let insight = ReplayInsight(findings: findings, places: [], bands: [], speeds: [], reportCard: [])
        func at(_ second: Int64) -> ProtoTimestamp { TripViewFixtures.start + .seconds(second) }
        #expect(insight.next(after: at(0), selected: nil) == 0)
        #expect(insight.next(after: at(10), selected: 0) == 1)
        // Two findings at 20 s: n from the first goes to the second, not past both.
        #expect(insight.next(after: at(20), selected: 1) == 2)
        #expect(insight.next(after: at(20), selected: 2) == 3)
        #expect(insight.next(after: at(30), selected: 3) == nil)
        #expect(insight.next(after: at(15), selected: 0) == 1, "after a seek, from the replay's time")
        #expect(insight.previous(before: at(30), selected: 3) == 2)
        #expect(insight.previous(before: at(20), selected: 1) == 0)
        #expect(insight.previous(before: at(25), selected: nil) == 2)
        #expect(insight.previous(before: at(10), selected: 0) == nil)
    }

    @Test func nGoesToTheFindingAndOpensItsPanel() async throws {
        let recording = Self.recordingWithAJump()
        let run = ReplayRun(recording: recording, speed: .realtime)
        run.clock.pause()
        let subscriber = TripViewSubscriber(
            tripName: recording.tripName, backendName: "test", now: { [clock = run.clock] in clock.timestamp })
        await run.model.register(subscriber)
        let insight = ReplayInsight.of(recording)
        let controls = ReplayControls(run: run, recording: recording, subscriber: subscriber, insight: insight)
        let first = try #require(insight.findings.first)

        let notice = await controls.perform(.nextFinding)
        #expect(notice == "finding 1 of \(insight.findings.count): \(first.kind.rawValue)")
        #expect(run.clock.timestamp == first.start && run.clock.isPaused)
        guard case .replay(let status) = controls.mode else {
            Issue.record("not a replay")
            return
        }
        #expect(status.selectedFinding == 0 && status.pane == .findings)
        #expect(subscriber.snapshot.lastUpdate != nil, "the model shows the trip at the finding's time")

        #expect(await controls.perform(.previousFinding) == "no earlier finding")
        #expect(await controls.perform(.cycleReplayPane) == "panel: report card")
        #expect(await controls.perform(.cycleReplayPane) == "panel: trip")
    }

    /// Without an insight given, the replay opens at once and the findings arrive when worked out.
    @Test func theInsightIsWorkedOutInTheBackground() async throws {
        let recording = Self.recordingWithAJump()
        let run = ReplayRun(recording: recording, speed: .realtime)
        let subscriber = TripViewSubscriber(
            tripName: recording.tripName, backendName: "test", now: { [clock = run.clock] in clock.timestamp })
        let controls = ReplayControls(run: run, recording: recording, subscriber: subscriber)
        // A generous deadline, looked at once more after it passes: the work is milliseconds, but its thread may wait
        // long for a core under a sanitizer with every other suite running (an ASan run once took over 30 s).
        let deadline = ContinuousClock.now + .seconds(120)
        var insight: ReplayInsight?
        while insight == nil {
            if case .replay(let status) = controls.mode { insight = status.insight }
            guard insight == nil, ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(insight?.findings == ReplayInsight.of(recording).findings)
    }

    /// The strip marks each finding over the timeline's own columns, the selected one apart.
    @Test func theStripMarksFindingsWhereTheTimelineIs() {
        let status = ReplayStatus(
            position: TripViewFixtures.start, start: TripViewFixtures.start,
            end: TripViewFixtures.start + .seconds(70), speed: .factor(1), isPaused: true, ticks: [],
            insight: ScreenFixtures.insight, selectedFinding: 1)
        var buffer = CellBuffer(width: 86, height: 2)
        buffer.render(
            DiagnosisStrip(
                status: status, insight: ScreenFixtures.insight, selected: 1, styles: .color256, ascii: false),
            in: buffer.area)
        let (x, width) = TimelineBar.bar(in: buffer.area, status: status)
        let row: [Character] = (0..<width).map { buffer[x + $0, 0].grapheme }
        // 25 s and 55 s of 70 s over the bar's columns.
        #expect(row[Int(25.0 / 70 * Double(width))] == "▲")
        #expect(row[Int(55.0 / 70 * Double(width))] == "◆")
        #expect(row.filter { $0 == "▲" || $0 == "◆" }.count == 2)
    }
}
