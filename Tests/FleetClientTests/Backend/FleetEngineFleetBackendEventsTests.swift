import FleetClient
import FleetEvents
import FleetModel
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// The fleet tracker's events over HTTP against the real local server: it starts at the newest events rather than
/// paging through the history, follows from there, and stops asking a server started without events.
@Suite struct FleetEngineFleetBackendEventsTests {
    /// The HTTP backend, with the events requests it made.
    final class Counting: FleetBackend {
        let backend: FleetEngineFleetBackend
        private let calls = NIOLockedValueBox<[String]>([])
        var eventCalls: [String] { calls.withLockedValue { $0 } }

        init(_ backend: FleetEngineFleetBackend) { self.backend = backend }

        func listVehicles(pageToken: String?) async throws(TripServiceError) -> ListVehiclesResponse {
            try await backend.listVehicles(pageToken: pageToken)
        }
        func listEvents(after: Int64) async throws(TripServiceError) -> [FleetEventRecord] {
            calls.withLockedValue { $0.append("after \(after)") }
            return try await backend.listEvents(after: after)
        }
        func listEvents(newest count: Int) async throws(TripServiceError) -> [FleetEventRecord] {
            calls.withLockedValue { $0.append("newest \(count)") }
            return try await backend.listEvents(newest: count)
        }
    }

    final class Heard: FleetTrackerSubscriber {
        private let state = NIOLockedValueBox<(reads: [[FleetEventRecord]], stops: [TripServiceError])>(([], []))
        var reads: [[FleetEventRecord]] { state.withLockedValue { $0.reads } }
        var stops: [TripServiceError] { state.withLockedValue { $0.stops } }
        func fleetTracker(_ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate) async {
        }
        func fleetTracker(_ tracker: FleetTracker, didReadEvents events: [FleetEventRecord]) async {
            state.withLockedValue { $0.reads.append(events) }
        }
        func fleetTracker(_ tracker: FleetTracker, didStopReadingEvents refusal: TripServiceError) async {
            state.withLockedValue { $0.stops.append(refusal) }
        }
    }

    @Test func theTrackerStartsAtTheNewestEventsAndFollowsFromThere() async throws {
        try await withTestServer(recordingEvents: true) { server, http in
            // A vehicle-state event each.
            for index in 0..<(FleetTracker.eventBacklog + 10) { try await server.createVehicle("v\(index)") }
            let backend = Counting(FleetEngineFleetBackend(client: try await server.client(http: http), provider: "p"))
            let tracker = FleetTracker(backend: backend, scope: FleetScope(events: true))
            let heard = Heard()
            await tracker.register(heard)
            await tracker.refresh()
            let first = heard.reads.first ?? []
            #expect(first.count == FleetTracker.eventBacklog)
            #expect(first.last?.vehicle == "providers/p/vehicles/v\(FleetTracker.eventBacklog + 9)")
            #expect(first.map(\.eventId) == first.map(\.eventId).sorted(), "oldest first")
            try await server.createVehicle("late")
            await tracker.refresh()
            #expect(heard.reads.last?.map(\.vehicle) == ["providers/p/vehicles/late"])
            let cursor = first.last?.eventId ?? -1
            #expect(backend.eventCalls == ["newest \(FleetTracker.eventBacklog)", "after \(cursor)"])
            #expect(heard.stops.isEmpty)
        }
    }

    @Test func aServerWithoutEventsIsAskedOnceAndTheTrackerSaysWhy() async throws {
        try await withTestServer { server, http in
            try await server.createVehicle("v1")
            let backend = Counting(FleetEngineFleetBackend(client: try await server.client(http: http), provider: "p"))
            let tracker = FleetTracker(backend: backend, scope: FleetScope(events: true))
            let heard = Heard()
            await tracker.register(heard)
            for _ in 0..<3 { await tracker.refresh() }
            #expect(backend.eventCalls == ["newest \(FleetTracker.eventBacklog)"])
            #expect(heard.stops.map(\.code) == [.unimplemented])
            #expect(heard.stops.first?.message.contains("events are off on this server") == true)
            #expect(await tracker.fleet.count == 1, "the fleet goes on")
            #expect(await tracker.lastError == nil)
        }
    }
}
