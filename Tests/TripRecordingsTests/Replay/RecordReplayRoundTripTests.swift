import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import TripFollowing
@testable import TripRecordings

/// Recording a followed trip and replaying the file gives subscribers the same callbacks in the same order.
@Suite struct RecordReplayRoundTripTests {
    @Test func replayingARecordingReproducesEveryCallback() async throws {
        let steps: [ScriptedTripBackend.Step] = [
            .trip(TripFixtures.new()),
            .trip(TripFixtures.new()),
            .trip(TripFixtures.enrouteToPickup()),
            .failure(TripServiceError(transport: .connectionRefused)),
            .failure(TripServiceError(code: .permissionDenied, message: "token expired", httpStatus: 403)),
            .trip(
                TripFixtures.enrouteToPickup(
                    vehicleAt: LatLng(latitude: 43.7393, longitude: 7.4258), time: 40, remaining: 120)),
            .trip(TripFixtures.arrivedAtPickup()),
            .trip(TripFixtures.enrouteToDropoff()),
            .trip(TripFixtures.complete()),
        ]
        // One clock for the backend's observations and the recorder's failure stamps, so events never tie.
        let seconds = Counter()
        let backend = ScriptedTripBackend(steps, now: { TripFixtures.at(seconds.next() * 5) })
        let clock = VirtualClock.manual()
        let live = TripModel(tripName: TripFixtures.name, backend: backend, clock: clock)
        let path = TripFileTests.temporaryPath()
        let recorder = try TripRecorder(
            path: path, tripName: TripFixtures.name, source: "test", now: { TripFixtures.at(seconds.next() * 5) })
        let original = EventLog()
        await live.register(original)
        await live.register(recorder)
        for _ in steps { await live.refresh() }
        await recorder.close()
        #expect(await live.isFinished)

        let loaded = try RecordingLoader.load(path: path)
        #expect(loaded.format == .tripFile)
        let recording = try RecordingLoader.select(loaded, trip: nil, path: path)
        #expect(recording.snapshots.count == 6, "the unchanged second NEW is not recorded")
        let run = ReplayRun(recording: recording, speed: .asFastAsPossible)
        let replayed = EventLog()
        await run.model.register(replayed)
        await run.run()
        let expected = await original.take()
        #expect(expected.count > 30)
        #expect(await replayed.take() == expected)
    }
}

/// A thread-safe counter for time stamps in tests.
final class Counter: Sendable {
    private let value = NIOLockedValueBox<Int64>(0)
    func next() -> Int64 {
        value.withLockedValue { v in
            defer { v += 1 }
            return v
        }
    }
}
