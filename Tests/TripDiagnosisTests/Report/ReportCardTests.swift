import FleetModel
import Testing
import TripDiagnosis
import TripRecordings

/// Report-card figures against what the drive script makes them by construction (see ``DriveScript``).
@Suite struct ReportCardTests {
    static func at(_ seconds: Double) -> ProtoTimestamp { DriveScript.at(seconds) }

    static func card(_ script: DriveScript) -> ReportCard { Diagnoser().diagnose(script.recording).card }

    @Test func theCleanDrivesFiguresAreTheHandComputedOnes() throws {
        let card = Self.card(DriveScript())
        #expect(card.vehicles == ["car-1"])
        #expect(
            card.statuses.map(\.status) == [.new, .enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .complete])
        #expect(card.statuses.map(\.seconds) == [10, 160, 20, 400, nil])
        #expect(card.ending == .ended(.complete, at: Self.at(590), after: .enrouteToDropoff))

        let drive = try #require(card.drive)
        #expect(drive.start == Self.at(10))
        #expect(drive.startStatus == .enrouteToPickup)
        #expect(drive.end == Self.at(590))
        #expect(drive.endStatus == .complete)
        #expect(drive.seconds == 580)
        // 1,500 m to the pickup and 4,000 m on, at 10 m/s.
        #expect(abs(try #require(drive.meters) - 5500) < 1e-6)
        #expect(abs(try #require(drive.averageSpeed) - 5500.0 / 580) < 1e-9)
        #expect(abs(try #require(drive.maxSpeed) - 10) < 1e-9)

        // Promised at assignment: the pickup at 160 s (arrived 170 s), the dropoff at 330 s (COMPLETE at 590 s).
        #expect(card.pickup.promise == ETAPromise(madeAt: Self.at(10), eta: Self.at(160)))
        #expect(card.pickup.arrival == Self.at(170))
        #expect(card.pickup.errorSeconds == 10)
        #expect(card.dropoff.promise == ETAPromise(madeAt: Self.at(10), eta: Self.at(330)))
        #expect(card.dropoff.arrival == Self.at(590))
        #expect(card.dropoff.errorSeconds == 260)

        // Every 5 s from 10 s to 590 s.
        #expect(card.updates == IntervalStatistics(reports: 117, median: 5, p95: 5, max: 5))
        #expect(card.stops.isEmpty)
        #expect(card.offRoute == [])
    }

    @Test func aLongWaitAtThePickupIsAStopThere() throws {
        var script = DriveScript()
        script.statuses = [
            (0, .new), (10, .enrouteToPickup), (170, .arrivedAtPickup), (300, .enrouteToDropoff),
            (700, .complete),
        ]
        script.reportTimes = Array(stride(from: 10.0, through: 700, by: 5))
        script.position = { t in
            t < 300 ? DriveScript.cleanPosition(min(t, 160)) : DriveScript.north(1500 + 10 * (t - 300))
        }
        let diagnosis = Diagnoser().diagnose(script.recording)
        #expect(
            diagnosis.card.stops == [
                Dwell(start: Self.at(160), end: Self.at(300), point: DriveScript.pickup, reports: 29)
            ])
        #expect(diagnosis.timeline.stopName(near: DriveScript.pickup) == "the pickup")
        #expect(diagnosis.card.statuses.map(\.seconds) == [10, 160, 130, 400, nil])
        #expect(diagnosis.card.dropoff.errorSeconds == 370)
    }

    @Test func aTeleportIsNotDriving() throws {
        var script = DriveScript()
        script.position = { t in
            t == 250
                ? Geo.destination(from: DriveScript.cleanPosition(t)!, bearing: 90, distance: 5000)
                : DriveScript.cleanPosition(t)
        }
        let drive = try #require(Self.card(script).drive)
        // The two jumping moves (245–250 s, 250–255 s) add nothing: 100 m of real driving is lost with them.
        #expect(abs(try #require(drive.meters) - 5400) < 1e-6)
        #expect(abs(try #require(drive.maxSpeed) - 10) < 1e-9)
    }

    @Test func whatTheDataDoesNotHoldIsUnknown() throws {
        var script = DriveScript()
        script.statuses = [(0, .new), (10, .enrouteToPickup)]
        script.reportTimes = [10]
        script.navigation = []
        let card = Self.card(script)
        #expect(card.ending == .unfinished(last: .enrouteToPickup, dataEnds: Self.at(10)))
        #expect(card.statuses.map(\.seconds) == [10, nil])
        let drive = try #require(card.drive)
        #expect(drive.meters == nil)
        #expect(drive.averageSpeed == nil)
        #expect(drive.maxSpeed == nil)
        #expect(drive.endStatus == nil)
        #expect(card.pickup.arrival == nil)
        #expect(card.pickup.errorSeconds == nil)
        #expect(card.updates == IntervalStatistics(reports: 1))
        #expect(card.offRoute == nil)
    }

    @Test func aTripThatNeverLeftNewHasNoDrive() {
        var script = DriveScript()
        script.statuses = [(0, .new), (60, .canceled)]
        script.reportTimes = []
        script.vehicleId = { _ in "" }
        let card = Self.card(script)
        #expect(card.drive == nil)
        #expect(card.vehicles.isEmpty)
        #expect(card.ending == .ended(.canceled, at: Self.at(60), after: .new))
        #expect(card.pickup.promise == nil)
    }

    @Test func anETAAlreadyPastIsNoPromise() {
        // The first pickup ETA after assignment is before the moment it is shown, as a vehicle's last ride can leave.
        let recording = DriveScript().recording
        var events = recording.events
        if case .snapshot(var trip) = events[1].kind {
            trip.pickupTime = Self.at(5)
            events[1] = .snapshot(trip, at: events[1].time)
        }
        let timeline = TripTimeline(TripRecording(tripName: recording.tripName, source: "", events: events))
        #expect(timeline.pickupPromise == ETAPromise(madeAt: Self.at(15), eta: Self.at(160)))
    }

    @Test func theCleanDrivesTextTable() {
        let diagnosis = Diagnoser().diagnose(DriveScript().recording)
        let text = ReportCardTextTable.text(for: DiagnosedTrip(file: "drive.jsonl", diagnosis: diagnosis))
        let expected = [
            "trip         t1  (providers/test/trips/t1)",
            "file         drive.jsonl  (drive script)",
            "vehicle      car-1",
            "ended        COMPLETE at 2027-01-15T08:09:50Z, after ENROUTE_TO_DROPOFF",
            "statuses     NEW                 2027-01-15T08:00:00Z  10 s",
            "             ENROUTE_TO_PICKUP   2027-01-15T08:00:10Z  2 min 40 s",
            "             ARRIVED_AT_PICKUP   2027-01-15T08:02:50Z  20 s",
            "             ENROUTE_TO_DROPOFF  2027-01-15T08:03:10Z  6 min 40 s",
            "             COMPLETE            2027-01-15T08:09:50Z",
            "drive        5.5 km in 9 min 40 s, ENROUTE_TO_PICKUP → COMPLETE",
            "speed        average 9.5 m/s, max 10.0 m/s",
            "pickup ETA   promised 2027-01-15T08:02:40Z (at 2027-01-15T08:00:10Z), "
                + "arrived 2027-01-15T08:02:50Z: 10 s late",
            "dropoff ETA  promised 2027-01-15T08:05:30Z (at 2027-01-15T08:00:10Z), "
                + "arrived 2027-01-15T08:09:50Z: 4 min 20 s late",
            "updates      117 reports, interval median 5.0 s, p95 5.0 s, max 5.0 s",
            "stops        none",
            "off route    none",
            "findings     none",
        ]
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected)
    }
}
