import FleetModel
import TestSupport
import Testing
import TripFollowing
import TripRecordings

@testable import TerminalUI

/// `replay --vehicle` on screen: the panel names the trip the replay stands in, the event table says whose each
/// row is, and `check`'s reading is each trip's, one after another.
@Suite struct ReplayVehicleTimelineTests {
    static func timeline() throws -> (timeline: TripRecording, trips: [TripRecording]) {
        let loaded = try RecordingLoader.load(path: try Repository.file("Tests/Fixtures/jump-demo.json"))
        let timeline = try RecordingLoader.vehicleTimeline(loaded, vehicle: "sample-vehicle-id", path: "jump-demo")
        return (timeline, VehicleTimeline.trips(in: timeline))
    }

    @Test func thePanelNamesTheTripUnderWay() async throws {
        let (timeline, trips) = try Self.timeline()
        let (controls, subscriber) = await ReplayEventsTests.controls(timeline)
        _ = await controls.perform(.selectFirstEvent)
        #expect(subscriber.snapshot.tripName == trips.first?.tripName)
        _ = await controls.perform(.selectLastEvent)
        #expect(subscriber.snapshot.tripName == trips.last?.tripName)
        #expect(subscriber.snapshot.journey.tripStatus == .canceled)
        // Into the second trip from the end of the first: the model did not stop at the first CANCELED.
        let second = try #require(trips[1].timeSpan?.lowerBound)
        let row = try #require(timeline.events.firstIndex { $0.time == second })
        _ = await controls.perform(.selectFirstEvent)
        _ = await controls.perform(.selectEvent(by: row))
        #expect(subscriber.snapshot.tripName == trips[1].tripName && subscriber.snapshot.journey.tripStatus == .new)
    }

    @Test func rowsSayWhoseTheyAre() throws {
        let (timeline, _) = try Self.timeline()
        let table = ReplayEventTable(timeline)
        #expect(table.rows.first?.detail == "a51c8f15 NEW")
        #expect(table.rows.last?.detail == "73a320f8 CANCELED")
    }

    @Test func checksReadingIsEachTrips() throws {
        let (timeline, trips) = try Self.timeline()
        let insight = ReplayInsight.of(timeline)
        let each = trips.map { ReplayInsight.of($0) }
        #expect(insight.findings == each.flatMap(\.findings).sorted { $0.start < $1.start })
        #expect(insight.reportCard.filter { $0.hasPrefix("trip ") }.count == 4)
        #expect(insight.bands.map(\.status).filter { $0 == .canceled }.count == 4)
    }
}
