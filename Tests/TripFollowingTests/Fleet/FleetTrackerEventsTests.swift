import FleetEvents
import FleetModel
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// Events in ``FleetTracker``'s polls (``FleetScope/events``): the first reads the newest, each later poll those
/// recorded since, after its listing; a backend without the endpoint or a server with events off is left alone after
/// its first refusal, which subscribers hear once, and a passing failure skips nothing.
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
        private let refusals = NIOLockedValueBox<[StatusCode]>([])
        var all: [[Int64]] { reads.withLockedValue { $0 } }
        var stops: [StatusCode] { refusals.withLockedValue { $0 } }
        func fleetTracker(_ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate) async {
        }
        func fleetTracker(_ tracker: FleetTracker, didReadEvents events: [FleetEventRecord]) async {
            reads.withLockedValue { $0.append(events.map(\.eventId)) }
        }
        func fleetTracker(_ tracker: FleetTracker, didStopReadingEvents refusal: TripServiceError) async {
            refusals.withLockedValue { $0.append(refusal.code) }
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
            backend.calls.filter { $0.hasPrefix("ListEvents") } == [
                "ListEvents newest \(FleetTracker.eventBacklog)", "ListEvents 2", "ListEvents 3",
            ])
    }

    /// A server with a long history: the first poll takes its newest events in one request, not every page from
    /// the first event on; the next polls follow from there.
    @Test func theFirstPollReadsOnlyTheNewestEvents() async {
        let backend = ScriptedFleetBackend(pages: [[]])
        let history = Int64(3 * FleetTracker.eventPageSize)
        backend.setEvents(.success((1...history).map { Self.event($0) }))
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        await tracker.refresh()
        let backlog = Int64(FleetTracker.eventBacklog)
        #expect(heard.all == [Array(history - backlog + 1...history)])
        #expect(await tracker.eventCursor == history)
        backend.setEvents(.success((1...history + 1).map { Self.event($0) }))
        await tracker.refresh()
        #expect(heard.all.last == [history + 1])
        #expect(
            backend.calls.filter { $0.hasPrefix("ListEvents") } == [
                "ListEvents newest \(FleetTracker.eventBacklog)", "ListEvents \(history)",
            ])
    }

    @Test func aFullPageIsFollowedByTheNextInTheSamePoll() async {
        let backend = ScriptedFleetBackend(pages: [[]])
        backend.setEvents(.success([]))
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        await tracker.refresh()
        let count = Int64(FleetTracker.eventPageSize) + 5
        backend.setEvents(.success((1...count).map { Self.event($0) }))
        await tracker.refresh()
        #expect(heard.all.map(\.count) == [0, Int(count)])
        #expect(await tracker.eventCursor == count)
        #expect(
            backend.calls.filter { $0.hasPrefix("ListEvents") } == [
                "ListEvents newest \(FleetTracker.eventBacklog)", "ListEvents 0",
                "ListEvents \(FleetTracker.eventPageSize)",
            ])
    }

    @Test func aBackendWithoutEventsIsAskedOnceAndNothingIsHeard() async {
        let backend = ScriptedFleetBackend(pages: [[]])  // NOT_FOUND, as Google's Fleet Engine
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        await tracker.refresh()
        await tracker.refresh()
        #expect(heard.all.isEmpty)
        #expect(heard.stops == [.notFound])
        #expect(backend.calls.filter { $0.hasPrefix("ListEvents") } == ["ListEvents newest 100"])
        #expect(await tracker.consecutiveFailures == 0)
        #expect(await tracker.eventsRefusal?.code == .notFound)
    }

    /// tripterm's server started without `--events*`: UNIMPLEMENTED once, then no request more, however many polls.
    @Test func aServerWithEventsOffIsAskedOnceAndSubscribersHearWhy() async {
        let backend = ScriptedFleetBackend(pages: [[FleetTrackerTests.vehicle("a", at: 5)]])
        backend.setEvents(.failure(TripServiceError(code: .unimplemented, message: "events are off on this server")))
        let tracker = Self.tracker(backend)
        let heard = Heard()
        await tracker.register(heard)
        for _ in 0..<5 { await tracker.refresh() }
        #expect(backend.calls.filter { $0.hasPrefix("ListEvents") }.count == 1)
        #expect(backend.calls.filter { $0 == "ListVehicles" }.count == 5, "the fleet goes on")
        #expect(heard.stops == [.unimplemented])
        #expect(heard.all.isEmpty)
        #expect(await tracker.eventsRefusal?.message == "events are off on this server")
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
