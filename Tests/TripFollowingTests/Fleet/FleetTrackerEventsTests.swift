import FleetEvents
import FleetModel
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// Events in ``FleetTracker``'s polls (``FleetScope/events``): each poll reads those recorded since the last, after
/// its listing; a backend without the endpoint is left alone after its first refusal, and a passing failure skips
/// nothing.
@Suite struct FleetTrackerEventsTests {
    static let now = FleetTrackerTests.t0 + .seconds(10)

    static func event(_ id: Int64, vehicle: String = "providers/p/vehicles/a") -> FleetEventRecord {
        FleetEventRecord(
            id: id, provider: "p", time: now,
            event: DetectedEvent(
                kind: .vehicleState, vehicle: vehicle, before: nil, after: .object(["vehicleState": .string("ONLINE")]))
        )
    }

    final class Heard: FleetTrackerSubscriber {
        private let reads = NIOLockedValueBox<[[Int64]]>([])
        var all: [[Int64]] { reads.withLockedValue { $0 } }
        func fleetTracker(_ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate) async {
        }
        func fleetTracker(_ tracker: FleetTracker, didReadEvents events: [FleetEventRecord]) async {
            reads.withLockedValue { $0.append(events.map(\.eventId)) }
        }
    }

    static func tracker(_ backend: ScriptedFleetBackend, events: Bool = true) -> FleetTracker {
        let clock = VirtualClock.manual(start: now)
        return FleetTracker(
            backend: backend, scope: FleetScope(events: events), options: TripModelOptions(jitterSeed: 1),
            clock: clock, now: { clock.timestamp })
    }

    @Test func eachPollReadsTheEventsRecordedSinceTheLast() async {
        let backend = ScriptedFleetBackend(pages: [[FleetTrackerTests.vehicle("a", at: 5)]])
        backend.setEvents(.success([Self.event(1), Self.event(2)]))
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        await tracker.refresh()
        backend.setEvents(.success([Self.event(1), Self.event(2), Self.event(3)]))
        await tracker.refresh()
        await tracker.refresh()
        #expect(heard.all == [[1, 2], [3], []])
        #expect(await tracker.eventCursor == 3)
        #expect(
            backend.calls.filter { $0.hasPrefix("ListEvents") } == ["ListEvents 0", "ListEvents 2", "ListEvents 3"])
    }

    @Test func aFullPageIsFollowedByTheNextInTheSamePoll() async {
        let backend = ScriptedFleetBackend(pages: [[]])
        let count = Int64(FleetTracker.eventPageSize) + 5
        backend.setEvents(.success((1...count).map { Self.event($0) }))
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        await tracker.refresh()
        #expect(heard.all.map(\.count) == [Int(count)])
        #expect(await tracker.eventCursor == count)
    }

    @Test func aBackendWithoutEventsIsAskedOnceAndNothingIsHeard() async {
        let backend = ScriptedFleetBackend(pages: [[]])  // NOT_FOUND, as Google's Fleet Engine
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        await tracker.refresh()
        await tracker.refresh()
        #expect(heard.all.isEmpty)
        #expect(backend.calls.filter { $0.hasPrefix("ListEvents") } == ["ListEvents 0"])
        #expect(await tracker.consecutiveFailures == 0)
    }

    @Test func aPassingFailureKeepsTheCursorSoNothingIsSkipped() async {
        let backend = ScriptedFleetBackend(pages: [[]])
        backend.setEvents(.success([Self.event(1)]))
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        await tracker.refresh()
        backend.setEvents(.failure(TripServiceError(code: .unavailable, message: "restarting")))
        await tracker.refresh()
        backend.setEvents(.success([Self.event(1), Self.event(2)]))
        await tracker.refresh()
        #expect(heard.all == [[1], [], [2]])
    }

    @Test func withoutTheScopeNoEventIsAskedFor() async {
        let backend = ScriptedFleetBackend(pages: [[]])
        backend.setEvents(.success([Self.event(1)]))
        let tracker = Self.tracker(backend, events: false)
        await tracker.refresh()
        #expect(!backend.calls.contains { $0.hasPrefix("ListEvents") })
    }
}
