import FleetModel
import MapRendering
import TerminalCore
import TripFollowing
import TripRecordings

/// One frame of a replay at a chosen time, without a terminal: `tripterm replay FILE --snapshot` for scripts,
/// docs and bug reports. The model is stepped through every recorded event up to that time, so the frame shows
/// what a viewer would have seen there (trail included).
public enum ReplaySnapshot {
    public static func render(
        recording: TripRecording, at time: ProtoTimestamp, size: TerminalSize, options: TripAppOptions,
        backendName: String
    ) async -> CellBuffer {
        let run = ReplayRun(recording: recording, speed: .realtime)
        run.clock.pause()
        let subscriber = TripViewSubscriber(
            tripName: recording.tripName, backendName: backendName, now: { [clock = run.clock] in clock.timestamp })
        await run.model.register(subscriber)
        for eventTime in run.backend.eventTimes where eventTime <= time {
            run.clock.seek(to: eventTime)
            await run.model.refresh()
        }
        run.clock.seek(to: time)
        await run.model.refresh()
        let controls = ReplayControls(
            run: run, recording: recording, subscriber: subscriber, insight: ReplayInsight.of(recording))
        let state = subscriber.snapshot
        let screen = TripScreen(
            state: state, mode: controls.mode, now: time, timeZone: options.timeZone,
            styles: .forMode(options.colorMode),
            ascii: options.ascii)
        var map: CellBuffer?
        if let layout = TripScreenLayout.compute(size: size, kind: .replay) {
            var pane = MapPane(options: options)
            let now = ContinuousClock.now
            pane.update(with: state, at: now)
            _ = pane.prepare(state: state, columns: layout.map.width, rows: layout.map.height, at: now)
            map = pane.render()
        }
        return screen.compose(size: size, map: map)
    }
}
