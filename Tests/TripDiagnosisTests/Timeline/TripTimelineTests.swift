import FleetModel
import Testing
import TripDiagnosis
import TripRecordings

/// What the timeline takes from a recording's snapshots.
@Suite struct TripTimelineTests {
    static func at(_ seconds: Double) -> ProtoTimestamp { DriveScript.at(seconds) }

    static func snapshot(_ seconds: Double, location: VehicleLocation?) -> TripEvent {
        var trip = Trip(name: DriveScript.name.description, tripStatus: .enrouteToPickup)
        trip.vehicleId = "car-1"
        trip.lastLocation = location
        return .snapshot(trip, at: at(seconds))
    }

    static func location(_ meters: Double, server: Double?) -> VehicleLocation {
        var location = VehicleLocation(location: DriveScript.north(meters))
        location.serverTime = server.map(at)
        return location
    }

    @Test func aReportIsALocationThatChangedAtItsServerTime() {
        let first = Self.location(0, server: 9.5)
        let recording = TripRecording(
            tripName: DriveScript.name, source: "",
            events: [
                Self.snapshot(10, location: first),
                // A later poll of the same report, and a trip update without a location: no new report.
                Self.snapshot(15, location: first),
                Self.snapshot(18, location: nil),
                Self.snapshot(20, location: Self.location(50, server: 19.2)),
            ])
        let timeline = TripTimeline(recording)
        #expect(timeline.reports.map(\.time) == [Self.at(9.5), Self.at(19.2)])
        #expect(timeline.moves.map(\.seconds) == [9.7])
        #expect(timeline.intervals.median == 9.7)
    }

    @Test func aServerTimeRunningBackGivesWayToTheRecordingsTime() {
        // Two recordings stitched together: the second's server times repeat the first's.
        let recording = TripRecording(
            tripName: DriveScript.name, source: "",
            events: [
                Self.snapshot(10, location: Self.location(0, server: 10)),
                Self.snapshot(15, location: Self.location(50, server: 15)),
                Self.snapshot(100, location: Self.location(0, server: 10)),
                Self.snapshot(105, location: Self.location(50, server: 15)),
                Self.snapshot(110, location: Self.location(100, server: nil)),
            ])
        #expect(TripTimeline(recording).reports.map(\.time) == [10, 15, 100, 105, 110].map(Self.at))
    }

    @Test func navigationIsKnownOnlyWhenTheInputHoldsIt() {
        var script = DriveScript()
        #expect(TripTimeline(script.recording).knowsNavigation)
        script.navigation = []
        #expect(!TripTimeline(script.recording).knowsNavigation)
    }
}
