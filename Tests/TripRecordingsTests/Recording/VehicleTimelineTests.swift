import FleetModel
import Foundation
import TestSupport
import Testing
import TrackFormats
import TripFollowing

@testable import TripRecordings

/// A vehicle's trips on one clock: the jump-demo export's four trips of `sample-vehicle-id` in a row, and the rules
/// for a trip given to the vehicle while it was still on another.
@Suite struct VehicleTimelineTests {
    static func fullExport() throws -> RecordingLoader.Loaded {
        try RecordingLoader.load(path: try CloudLoggingImporterTests.fullExportPath())
    }

    @Test func theJumpDemosFourTripsAreOneVehiclesInOrder() throws {
        let loaded = try Self.fullExport()
        let vehicles = VehicleTimeline.vehicles(in: loaded.recordings)
        #expect(vehicles.map(\.vehicleId) == ["sample-vehicle-id"])
        let trips = try #require(vehicles.first?.trips)
        #expect(trips.count == 4)
        let starts = trips.compactMap { $0.timeSpan?.lowerBound }
        #expect(starts == starts.sorted())
        #expect(trips.first?.tripName.tripID.hasPrefix("a51c8f15") == true)
    }

    @Test func theTimelinePlaysEveryTripInTurnOnOneClock() throws {
        let loaded = try Self.fullExport()
        let timeline = try RecordingLoader.vehicleTimeline(loaded, vehicle: "sample-vehicle-id", path: "jump-demo.json")
        let trips = try #require(VehicleTimeline.vehicles(in: loaded.recordings).first?.trips)
        #expect(timeline.vehicleId == "sample-vehicle-id")
        #expect(timeline.source.hasSuffix("vehicle sample-vehicle-id (4 trips)"))
        // One clock: from the first trip's start to the last one's end, every event in time order.
        #expect(timeline.timeSpan?.lowerBound == trips.first?.timeSpan?.lowerBound)
        #expect(timeline.timeSpan?.upperBound == trips.last?.timeSpan?.upperBound)
        #expect(timeline.events.map(\.time) == timeline.events.map(\.time).sorted())
        // The trips one after another, none cut short: they did not overlap.
        var shown: [String] = []
        for snapshot in timeline.snapshots where shown.last != snapshot.trip.name { shown.append(snapshot.trip.name) }
        #expect(shown == trips.map(\.tripName.description))
        #expect(timeline.events.count == trips.reduce(0) { $0 + $1.events.count })
        #expect(timeline.statusPath.filter { $0 == .canceled }.count == 4)
        #expect(timeline.logExport != nil && timeline.events.allSatisfy { $0.logEntry != nil })
        // Cut back into trips, each is what the importer made of it.
        let parts = VehicleTimeline.trips(in: timeline)
        #expect(parts.map(\.tripName) == trips.map(\.tripName))
        #expect(parts.map(\.events) == trips.map(\.events))
    }

    /// Trip B is given to the car at 50 s while it is still taking A to its dropoff; B shows from its first update
    /// after A completes, and what B did while waiting is left out.
    @Test func aBackToBackTripWaitsForTheOneUnderWay() throws {
        let start = try ProtoTimestamp(rfc3339: "2026-11-01T09:00:00Z")
        func trip(_ id: String, _ status: TripStatus) throws -> Trip {
            var trip = Trip()
            trip.name = "providers/p/trips/\(id)"
            trip.tripStatus = status
            trip.vehicleId = "car"
            return trip
        }
        func recording(_ id: String, _ events: [(Int64, TripStatus)]) throws -> TripRecording {
            TripRecording(
                tripName: try TripName(parsing: "providers/p/trips/\(id)"), source: "test",
                events: try events.map { .snapshot(try trip(id, $1), at: start + .seconds($0)) })
        }
        let a = try recording("a", [(0, .enrouteToPickup), (40, .enrouteToDropoff), (100, .complete)])
        let b = try recording("b", [(50, .new), (70, .enrouteToPickup), (110, .enrouteToPickup), (150, .complete)])
        let timeline = try #require(VehicleTimeline.recording(of: "car", in: [b, a]))
        let shown = timeline.snapshots.map { "\($0.observedAt.seconds - start.seconds) \($0.trip.name.suffix(1))" }
        #expect(shown == ["0 a", "40 a", "100 a", "110 b", "150 b"])
        #expect(timeline.tripName.tripID == "a")
        #expect(VehicleTimeline.recording(of: "bus", in: [a, b]) == nil)
    }

    @Test func anUnknownVehicleIsNamedWithTheVehiclesAndTripsThereAre() throws {
        let loaded = try Self.fullExport()
        let error = #expect(throws: InputError.self) {
            try RecordingLoader.vehicleTimeline(loaded, vehicle: "taxi-9", path: "jump-demo.json")
        }
        let message = try #require(error?.description)
        #expect(
            message.hasPrefix("jump-demo.json: no vehicle \"taxi-9\" in the file; it has: sample-vehicle-id (trips "))
        for recording in loaded.recordings { #expect(message.contains(recording.tripName.tripID)) }
        // A unique prefix is enough.
        #expect(
            try RecordingLoader.vehicleTimeline(loaded, vehicle: "sample", path: "x").vehicleId == "sample-vehicle-id")
    }

    /// The replay does not stop when the first trip ends: the model goes on to the next trips to the last one's end.
    @Test func aReplayOfTheTimelineGoesOnPastEachTripsEnd() async throws {
        let loaded = try Self.fullExport()
        let timeline = try RecordingLoader.vehicleTimeline(loaded, vehicle: "sample-vehicle-id", path: "jump-demo.json")
        let run = ReplayRun(recording: timeline, speed: .asFastAsPossible)
        await run.run()
        let last = try #require(VehicleTimeline.trips(in: timeline).last)
        #expect(await run.model.trip?.name == last.tripName.description)
        #expect(await run.model.trip?.tripStatus == .canceled)
        #expect(await run.model.isFinished == false)
        #expect(run.clock.timestamp >= timeline.timeSpan!.upperBound)
    }
}
