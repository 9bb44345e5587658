import FleetEvents
import FleetModel
import Testing

/// The progress rule (``ProgressEvents``) for trips and delivery tasks: ETA moves latch once per move against a
/// baseline, absolute and relative; remaining time and distance fire once per crossing below each threshold.
@Suite struct ProgressDetectorTests {
    let stopA = LatLng(latitude: 43.7300, longitude: 7.4100)
    let stopB = LatLng(latitude: 43.7400, longitude: 7.4200)

    /// A vehicle heading for trip t1's `type` waypoint at `stop`, reporting an ETA, seconds and metres left.
    func car(
        eta: Int64? = nil, seconds: Int32? = nil, meters: Int32? = nil, stop: LatLng? = nil,
        type: WaypointType = .pickupWaypointType
    ) -> Vehicle {
        var vehicle = Vehicle(name: "providers/p/vehicles/v1", vehicleState: .online)
        vehicle.waypoints = [
            TripWaypoint(location: TerminalLocation(point: stop ?? stopA), tripId: "t1", waypointType: type)
        ]
        vehicle.etaToFirstWaypoint = eta.map { ProtoTimestamp(seconds: $0) }
        vehicle.remainingTimeSeconds = seconds
        vehicle.remainingDistanceMeters = meters
        return vehicle
    }

    /// Runs the trip detector over `reports` (each with the time it is made at), keeping the watch between them.
    func tripEvents(_ reports: [(Vehicle, Int64)], thresholds: EventThresholds = EventThresholds()) -> [[DetectedEvent]]
    {
        var watch: ProgressWatch?
        return reports.map { vehicle, now in
            guard
                let detected = TripProgressEvents.detect(
                    vehicle: vehicle, now: ProtoTimestamp(seconds: now), watch: watch, thresholds: thresholds)
            else { return [] }
            watch = detected.watch
            return detected.events
        }
    }

    /// The provider's trip update moves the vehicle's waypoints on and leaves what the driver last said of the way
    /// to the stop before: that write is not judged, or 40 s and 300 m left to the pickup would cross both
    /// thresholds as the first values for the dropoff. The driver's next report is.
    @Test func onlyTheDriversReportsAreJudged() {
        let atPickup = car(eta: 1_040, seconds: 40, meters: 300)
        var movedOn = atPickup
        movedOn.waypoints = [
            TripWaypoint(location: TerminalLocation(point: stopB), tripId: "t1", waypointType: .dropOffWaypointType)
        ]
        #expect(!TripProgressEvents.isReport(before: atPickup, after: movedOn))
        #expect(
            TripProgressEvents.isReport(
                before: movedOn, after: car(eta: 1_900, seconds: 900, meters: 4_000, stop: stopB)))
        #expect(TripProgressEvents.isReport(before: nil, after: movedOn))

        var van = DeliveryVehicle(name: "providers/p/deliveryVehicles/van-1")
        van.remainingDuration = ProtoDuration(seconds: 40)
        var assigned = van
        assigned.remainingVehicleJourneySegments = [VehicleJourneySegment()]
        #expect(!TaskProgressEvents.isReport(before: van, after: assigned))
        var reported = assigned
        reported.remainingDistanceMeters = 2_000
        #expect(TaskProgressEvents.isReport(before: assigned, after: reported))
    }

    @Test func anAbsoluteEtaMoveIsOneEventThenANewBaseline() {
        let relativeOff = EventThresholds(tripEtaRelative: 100)
        let events = tripEvents(
            [
                (car(eta: 10_000), 0), (car(eta: 10_200), 0), (car(eta: 10_400), 0), (car(eta: 10_500), 0),
                (car(eta: 10_000), 0), (car(eta: 20_000, type: .dropOffWaypointType), 0),
            ],
            thresholds: relativeOff)
        #expect(events.map { $0.map(\.kind) } == [[], [], [.tripEta], [], [.tripEta], []])
        let late = events[2][0]
        #expect(late.trip == "providers/p/trips/t1" && late.vehicle == "providers/p/vehicles/v1")
        #expect(
            late.before
                == .object([
                    "eta": .string(ProtoTimestamp(seconds: 10_000).rfc3339),
                    "waypointType": .string("PICKUP_WAYPOINT_TYPE"),
                ]))
        #expect(
            late.after
                == .object([
                    "eta": .string(ProtoTimestamp(seconds: 10_400).rfc3339),
                    "waypointType": .string("PICKUP_WAYPOINT_TYPE"),
                ]))
        #expect(tripEvents([(Vehicle(name: "providers/p/vehicles/v1"), 0)]) == [[]], "no waypoint, no trip")
    }

    @Test func aRelativeEtaMoveIsMeasuredAgainstTheDurationAtItsBaseline() throws {
        // First ETA 1,000 s ahead: 10 % is 100 s. Then 1,400 s ahead: 10 % is 140 s.
        let absoluteOff = EventThresholds(etaAbsolute: .seconds(100_000))
        let events = tripEvents(
            [
                (car(eta: 2_000), 1_000), (car(eta: 2_099), 1_100), (car(eta: 2_100), 1_200), (car(eta: 2_180), 1_300),
                (car(eta: 2_240), 1_300),
            ],
            thresholds: absoluteOff)
        #expect(events.map { $0.map(\.kind) } == [[], [], [.tripEtaRelative], [], [.tripEtaRelative]])
        let first = try #require(events[2].first)
        #expect(first.before?["durationSeconds"] == .number(1_000))
        #expect(first.before?["eta"] == .string(ProtoTimestamp(seconds: 2_000).rfc3339))
        #expect(first.after?["change"] == .number(0.1))
        // The baseline moved to 2,100, set 900 s before it.
        #expect(events[4].first?.before?["durationSeconds"] == .number(900))
        #expect(events[4].first?.after?["change"] == .number(140.0 / 900))
        // An ETA already past counts from a duration of 1 s, not 0.
        let past = tripEvents([(car(eta: 500), 1_000), (car(eta: 501), 1_000)], thresholds: absoluteOff)
        #expect(past[1].first?.before?["durationSeconds"] == .number(1))
    }

    @Test func bothEtaRulesCanFireOnOneReportAbsoluteFirst() {
        let events = tripEvents([(car(eta: 2_000), 0), (car(eta: 2_400), 0)])
        #expect(events[1].map(\.kind) == [.tripEta, .tripEtaRelative])
    }

    @Test func timeRemainingFiresOncePerCrossingBelowEachThreshold() throws {
        let thresholds = EventThresholds(timeRemaining: [.seconds(600), .seconds(300)], distanceRemainingMeters: [])
        let events = tripEvents(
            [
                (car(seconds: 900), 0), (car(seconds: 500), 0), (car(seconds: 400), 0), (car(seconds: 200), 0),
                (car(seconds: 700), 0), (car(seconds: 500), 0), (car(seconds: 100, stop: stopB), 0),
            ],
            thresholds: thresholds)
        #expect(
            events.map { $0.map { $0.after?["thresholdSeconds"] } }
                == [[], [.number(600)], [], [.number(300)], [], [.number(600)], [.number(600), .number(300)]])
        #expect(Set(events.joined().map(\.kind)) == [.tripTimeRemaining])
        let crossing = try #require(events[1].first)
        #expect(crossing.before?["remainingSeconds"] == .number(900))
        #expect(crossing.after?["remainingSeconds"] == .number(500))
        #expect(crossing.after?["waypointType"] == .string("PICKUP_WAYPOINT_TYPE"))
        // At a new stop the first value has nothing before it.
        #expect(events[6].first?.before == nil)
    }

    @Test func timeRemainingIsTheEtaLessNowWhenThereIsAnEta() {
        let thresholds = EventThresholds(etaAbsolute: .seconds(100_000), tripEtaRelative: 100)
        let events = tripEvents(
            [(car(eta: 1_000, seconds: 9_999), 0), (car(eta: 1_000, seconds: 9_999), 800)], thresholds: thresholds)
        #expect(events[1].map(\.kind) == [.tripTimeRemaining])
        #expect(events[1].first?.after?["remainingSeconds"] == .number(200))
    }

    @Test func distanceRemainingFiresBelowEachThresholdAndReArmsAbove() {
        let events = tripEvents([
            (car(meters: 3_000), 0), (car(meters: 900), 0), (car(meters: 800), 0), (car(meters: 1_200), 0),
            (car(meters: 999), 0),
        ])
        #expect(events.map { $0.map(\.kind) } == [[], [.tripDistanceRemaining], [], [], [.tripDistanceRemaining]])
        #expect(events[1].first?.before?["remainingMeters"] == .number(3_000))
        #expect(events[1].first?.after?["remainingMeters"] == .number(900))
        #expect(events[1].first?.after?["thresholdMeters"] == .number(1_000))
    }

    /// A van whose next stop is at `stop` with tasks k1 and k2, `seconds` and `meters` away.
    func van(seconds: Int64?, meters: Int32?, stop: LatLng? = nil) -> DeliveryVehicle {
        var vehicle = DeliveryVehicle(name: "providers/p/deliveryVehicles/d1")
        vehicle.remainingDuration = seconds.map { ProtoDuration(seconds: $0) }
        vehicle.remainingDistanceMeters = meters
        vehicle.remainingVehicleJourneySegments = [
            VehicleJourneySegment(
                stop: VehicleStop(
                    plannedLocation: LocationInfo(point: stop ?? stopA),
                    tasks: [VehicleStop.TaskInfo(taskId: "k1"), VehicleStop.TaskInfo(taskId: "k2")])),
            VehicleJourneySegment(
                stop: VehicleStop(
                    plannedLocation: LocationInfo(point: stopB), tasks: [VehicleStop.TaskInfo(taskId: "k3")])),
        ]
        return vehicle
    }

    @Test func aVansNextStopTasksGetTheSameRule() throws {
        #expect(TaskProgressEvents.nextStopTasks(of: van(seconds: 1, meters: 1)) == ["k1", "k2"])
        var watch: ProgressWatch?
        var found: [[DetectedEvent]] = []
        // ETA = now + remaining: 1,000 s then 1,600 s ahead (a 600 s, 60 % move), then 200 s and 500 m left, on time.
        for (now, seconds, meters) in [(0, 1_000, 5_000), (0, 1_600, 4_000), (1_400, 200, 500)]
            as [(Int64, Int64, Int32)]
        {
            let detected = try #require(
                TaskProgressEvents.detect(
                    vehicle: van(seconds: seconds, meters: meters), taskID: "k1", now: ProtoTimestamp(seconds: now),
                    watch: watch, thresholds: EventThresholds()))
            watch = detected.watch
            found.append(detected.events)
        }
        #expect(
            found.map { $0.map(\.kind) } == [
                [], [.taskEta, .taskEtaRelative], [.taskTimeRemaining, .taskDistanceRemaining],
            ])
        let eta = found[1][0]
        #expect(
            eta.task == "providers/p/tasks/k1" && eta.vehicle == "providers/p/deliveryVehicles/d1" && eta.trip.isEmpty)
        #expect(eta.before == .object(["eta": .string(ProtoTimestamp(seconds: 1_000).rfc3339)]))
        #expect(eta.after == .object(["eta": .string(ProtoTimestamp(seconds: 1_600).rfc3339)]))
        #expect(found[1][1].after?["change"] == .number(0.6))
        #expect(found[2][0].after == .object(["remainingSeconds": .number(200), "thresholdSeconds": .number(300)]))
        #expect(found[2][1].after == .object(["remainingMeters": .number(500), "thresholdMeters": .number(1_000)]))
        // A task 40 % late stays under the tasks' 50 %.
        let small = try #require(
            TaskProgressEvents.detect(
                vehicle: van(seconds: 1_400, meters: 5_000), taskID: "k2", now: ProtoTimestamp(seconds: 0),
                watch: ProgressWatch(
                    stop: "43.73,7.41",
                    eta: EtaBaselines(eta: ProtoTimestamp(seconds: 1_000), now: ProtoTimestamp(seconds: 0))),
                thresholds: EventThresholds(etaAbsolute: .seconds(100_000))))
        #expect(small.events.isEmpty)
        #expect(
            TaskProgressEvents.detect(
                vehicle: DeliveryVehicle(name: "providers/p/deliveryVehicles/d1"), taskID: "k1",
                now: ProtoTimestamp(seconds: 0),
                watch: nil, thresholds: EventThresholds()) == nil, "no next stop")
    }

    @Test func aDeliveryVehicleCrossesGeofencesAsVehiclesDo() {
        let fence = Geofence(name: "depot", shape: .circle(center: stopB, radiusMeters: 100))
        func at(_ point: LatLng, _ time: Int64) -> DeliveryVehicle {
            var vehicle = DeliveryVehicle(name: "providers/p/deliveryVehicles/d1")
            vehicle.lastLocation = DeliveryVehicleLocation(location: point, updateTime: ProtoTimestamp(seconds: time))
            return vehicle
        }
        let entered = DeliveryVehicleEvents.detect(before: at(stopA, 1), after: at(stopB, 2), geofences: [fence])
        #expect(entered.map(\.kind) == [.geofenceEnter])
        #expect(entered.first?.vehicle == "providers/p/deliveryVehicles/d1" && entered.first?.geofence == "depot")
        #expect(
            DeliveryVehicleEvents.detect(before: at(stopB, 2), after: at(stopA, 3), geofences: [fence]).map(\.kind) == [
                .geofenceExit
            ])
        #expect(
            DeliveryVehicleEvents.detect(before: at(stopB, 5), after: at(stopA, 4), geofences: [fence]).isEmpty,
            "an older fix")
        #expect(
            DeliveryVehicleEvents.detect(before: nil, after: at(stopB, 1), geofences: [fence]).map(\.kind) == [
                .geofenceEnter
            ])
    }
}
