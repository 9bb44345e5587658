import FleetModel
import Foundation
import TripDiagnosis
import TripFollowing
import TripRecordings

/// What drives a trip screen besides the keys it handles itself (map, help, quit): the clock it shows, the mode
/// for the status and timeline bars, and the actions only the source can do (poll now; pause, step, seek).
public protocol TripControls: Sendable {
    /// The time the screen shows: wall time live, replay time in a replay.
    var now: ProtoTimestamp { get }
    /// Status of the source for this frame.
    var mode: TripScreenMode { get }
    /// Carries out `action` and returns a short notice for the status bar, or nil when it does not apply here.
    func perform(_ action: TripAction) async -> String?
}

/// A live trip: the clock is the wall clock, `r` polls at once.
public struct RiderControls: TripControls {
    public let model: TripModel

    public init(model: TripModel) { self.model = model }

    public var now: ProtoTimestamp { ProtoTimestamp(Date()) }
    public var mode: TripScreenMode { .rider(pollInterval: model.options.pollInterval) }

    public func perform(_ action: TripAction) async -> String? {
        guard action == .refreshNow else { return nil }
        await model.refresh()
        return "polled"
    }
}

/// A replay: pause, step, speed and seek act on the replay's clock; after a jump the model is polled at once and
/// the trail is rebuilt from the recording, so the screen shows the state at the new time without waiting.
public struct ReplayControls: TripControls {
    public let run: ReplayRun
    public let recording: TripRecording
    public let subscriber: TripViewSubscriber
    private let ticks: [Double]
    private let positions: [(time: ProtoTimestamp, point: LatLng)]
    private let diagnosis: ReplayDiagnosisState
    let eventTable: ReplayEventTable
    let events = ReplayEventsState()

    /// `insight`: what `check` says about the recording; when nil it is worked out in the background (a long
    /// recording takes a moment), and the strip and findings appear when it is ready.
    public init(
        run: ReplayRun, recording: TripRecording, subscriber: TripViewSubscriber, insight: ReplayInsight? = nil
    ) {
        self.run = run
        self.recording = recording
        self.subscriber = subscriber
        ticks = ReplayStatus.statusTicks(of: recording)
        positions = recording.snapshots.compactMap { snapshot in
            snapshot.trip.lastLocation?.location.map { (snapshot.observedAt, $0) }
        }
        eventTable = ReplayEventTable(run.backend.recording)
        let diagnosis = ReplayDiagnosisState(insight: insight)
        self.diagnosis = diagnosis
        // Opened partway through (the fleet replay's rider view of a trip under way): the trail so far, as a seek
        // to that time would leave it.
        let now = run.clock.timestamp
        if let start = run.backend.start, now > start {
            subscriber.replaceTrail(positions.prefix { $0.time <= now }.map(\.point))
        }
        if insight == nil {
            // Seconds of CPU for a long recording: on a thread of its own, not on the cooperative pool the replay's
            // own tasks need (and where a busy pool would leave it waiting).
            Thread.detachNewThread { [recording] in diagnosis.set(ReplayInsight.of(recording)) }
        }
    }

    public var now: ProtoTimestamp { run.clock.timestamp }

    public var mode: TripScreenMode {
        let start = run.backend.start ?? now
        let (insight, pane, selected) = diagnosis.current
        return .replay(
            ReplayStatus(
                position: now, start: start, end: run.backend.end ?? start, speed: run.clock.speed,
                isPaused: run.clock.isPaused, ticks: ticks, insight: insight, pane: pane, selectedFinding: selected,
                events: eventsView))
    }

    public func perform(_ action: TripAction) async -> String? {
        let clock = run.clock
        switch action {
        case .cycleReplayPane:
            return diagnosis.cyclePane()
        case .toggleEvents, .selectEvent, .selectFirstEvent, .selectLastEvent, .scrollEventDetail, .switchEventPart:
            return await performEventAction(action)
        case .nextFinding, .previousFinding:
            guard let insight = diagnosis.current.insight else { return "findings not ready yet" }
            let time = clock.timestamp
            let selected = diagnosis.current.selected
            let target =
                action == .nextFinding
                ? insight.next(after: time, selected: selected) : insight.previous(before: time, selected: selected)
            guard let target else {
                if insight.findings.isEmpty { return "no findings" }
                return action == .nextFinding ? "no later finding" : "no earlier finding"
            }
            diagnosis.select(target)
            clock.pause()
            clock.seek(to: insight.findings[target].start)
            await jumped()
            let finding = insight.findings[target]
            return "finding \(target + 1) of \(insight.findings.count): \(finding.kind.rawValue)"
        default:
            guard let (notice, didJump) = run.transport.perform(action, unit: "event") else { return nil }
            if didJump { await jumped() }
            return notice
        }
    }

    /// After a jump: the model may have finished (seeking back from the end) so it starts over, and the trail is
    /// what the vehicle drove up to the new time.
    func jumped() async {
        let time = run.clock.timestamp
        await run.model.reset()
        subscriber.reset()
        subscriber.replaceTrail(positions.prefix { $0.time <= time }.map(\.point))
        await run.model.refresh()
    }
}
