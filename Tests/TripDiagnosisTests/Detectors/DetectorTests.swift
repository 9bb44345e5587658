import FleetEvents
import FleetModel
import Testing
import TripDiagnosis
import TripRecordings

/// Each detector on a drive with one anomaly planted at a known time: found there, and nothing else found. The clean
/// drive and the clean variations around each threshold find nothing.
@Suite struct DetectorTests {
    static func findings(_ script: DriveScript, _ thresholds: DiagnosisThresholds = .init()) -> [Finding] {
        Diagnoser(thresholds: thresholds).diagnose(script.recording).findings
    }

    static func only(_ kind: FindingKind, in findings: [Finding]) -> [Finding] {
        #expect(findings.allSatisfy { $0.kind == kind }, "unexpected: \(findings.filter { $0.kind != kind })")
        return findings.filter { $0.kind == kind }
    }

    static func at(_ seconds: Double) -> ProtoTimestamp { DriveScript.at(seconds) }

    @Test func theCleanDriveHasNoFindings() {
        #expect(Self.findings(DriveScript()).isEmpty)
    }

    @Test func aSilenceLongerThanTheLimitIsMissingUpdates() {
        var script = DriveScript()
        script.position = { t in (200..<300).contains(t) ? nil : DriveScript.cleanPosition(t) }
        let found = Self.only(.missingUpdates, in: Self.findings(script))
        #expect(found.count == 1)
        #expect(found.first?.start == Self.at(195))
        #expect(found.first?.end == Self.at(300))
        #expect(found.first?.severity == .warning)
        #expect(found.first?.detail == "no vehicle report for 1 min 45 s between two reports (limit 1 min)")
    }

    @Test func aSilenceUnderTheLimitIsNotMissingUpdates() {
        var script = DriveScript()
        // 55 s without a report: under max(10 × 5 s, 60 s).
        script.position = { t in (200..<250).contains(t) ? nil : DriveScript.cleanPosition(t) }
        #expect(Self.findings(script).isEmpty)
        // The limit follows the median interval: every 30 s, 10 × 30 s = 5 min.
        script = DriveScript()
        script.reportTimes = Array(stride(from: 10.0, through: 590, by: 30)) + [590]
        script.position = { t in (200..<440).contains(t) ? nil : DriveScript.cleanPosition(t) }
        #expect(Self.findings(script).filter { $0.kind == .missingUpdates }.isEmpty)
    }

    @Test func aSilenceBeforeTheEndIsMissingUpdates() {
        var script = DriveScript()
        script.position = { t in t > 480 ? nil : DriveScript.cleanPosition(t) }
        let found = Self.findings(script).filter { $0.kind == .missingUpdates }
        #expect(found.map(\.start) == [Self.at(480)])
        #expect(found.map(\.end) == [Self.at(590)])
        #expect(found.first?.detail.contains("before COMPLETE") == true)
    }

    @Test func aTeleportOutAndBackIsOneSpeedJump() {
        var script = DriveScript()
        script.position = { t in
            t == 250
                ? Geo.destination(from: DriveScript.cleanPosition(t)!, bearing: 90, distance: 5000)
                : DriveScript.cleanPosition(t)
        }
        let found = Self.only(.speedJump, in: Self.findings(script))
        #expect(found.count == 1)
        #expect(found.first?.start == Self.at(245))
        #expect(found.first?.end == Self.at(255))
        #expect(found.first?.detail.hasPrefix("2 moves faster than the limit, the fastest 5.0 km in 5.0 s at") == true)
        #expect(found.first?.detail.hasSuffix("ending 100 m from where they began") == true)
    }

    @Test func aFastButPlausibleMoveIsNoJump() {
        var script = DriveScript()
        // 60 m/s on the motorway for one interval: under Fleet Debugger's 68 m/s.
        script.position = { t in t == 250 ? DriveScript.north(1500 + 10 * 55 + 300) : DriveScript.cleanPosition(t) }
        #expect(Self.findings(script).isEmpty)
        // The same with a lower limit is a jump out and back.
        var thresholds = DiagnosisThresholds()
        thresholds.plausibleSpeed = 50
        #expect(Self.findings(script, thresholds).map(\.kind) == [.speedJump])
    }

    @Test func staying150SecondsInOnePlaceIsADwell() {
        var script = DriveScript()
        script.statuses = [
            (0, .new), (10, .enrouteToPickup), (170, .arrivedAtPickup), (190, .enrouteToDropoff),
            (740, .complete),
        ]
        script.reportTimes = Array(stride(from: 10.0, through: 740, by: 5))
        // Parked from 300 s to 450 s, a few metres of GPS noise around one point; then on, 150 s later than planned.
        script.position = { t in
            switch t {
            case ..<300: DriveScript.cleanPosition(t)
            case ...450: Geo.destination(from: DriveScript.north(2600), bearing: t * 37, distance: 4)
            default: DriveScript.cleanPosition(t - 150)
            }
        }
        script.etaShift = { t in t < 300 ? 0 : 150 * min(1, (t - 300) / 150) }
        let found = Self.only(.dwell, in: Self.findings(script))
        #expect(found.map(\.start) == [Self.at(300)])
        #expect(found.map(\.end) == [Self.at(450)])
        #expect(found.first?.severity == .info)
        #expect(found.first?.detail.hasPrefix("stayed within 20 m for 2 min 30 s (31 reports) at 43.72") == true)
    }

    @Test func aDwellIsMeasuredInTimeNotInUpdates() {
        // Six reports, 30 s apart, at one place: 150 s, a dwell although Fleet Debugger wants 12 updates.
        var sparse = DriveScript()
        sparse.statuses = [(0, .new), (10, .enrouteToPickup)]
        sparse.reportTimes = [10, 40, 70, 100, 130, 160]
        sparse.position = { _ in DriveScript.origin }
        sparse.etaShift = { $0 }
        let found = Diagnoser().diagnose(sparse.recording).findings.filter { $0.kind == .dwell }
        #expect(found.map(\.start) == [Self.at(10)])
        #expect(found.map(\.end) == [Self.at(160)])

        // Twenty reports, 1 s apart: 19 s, no dwell although Fleet Debugger's 12 updates are there.
        var dense = sparse
        dense.reportTimes = Array(stride(from: 10.0, through: 29, by: 1))
        #expect(Diagnoser().diagnose(dense.recording).findings.filter { $0.kind == .dwell }.isEmpty)
    }

    @Test func visitsOnDifferentDaysAreNotOneDwell() {
        // A minute at one place, a day without reports, a minute there again.
        var script = DriveScript()
        script.statuses = [(0, .new), (10, .enrouteToPickup)]
        script.reportTimes =
            Array(stride(from: 10.0, through: 70, by: 5))
            + Array(stride(from: 86_410.0, through: 86_470, by: 5))
        script.position = { _ in DriveScript.origin }
        script.etaShift = { $0 }
        let findings = Diagnoser().diagnose(script.recording).findings
        #expect(findings.filter { $0.kind == .dwell }.isEmpty)
        let silence = findings.filter { $0.kind == .missingUpdates }
        #expect(silence.map(\.start) == [Self.at(70)])
        #expect(silence.map(\.end) == [Self.at(86_410)])
    }

    @Test func anETAMovingMoreThanFiveMinutesIsAJump() {
        var script = DriveScript()
        script.etaShift = { t in t >= 300 ? 360 : 0 }
        let found = Self.only(.etaJump, in: Self.findings(script))
        #expect(found.count == 1)
        #expect(found.first?.start == Self.at(295))
        #expect(found.first?.end == Self.at(300))
        #expect(found.first?.detail.hasPrefix("ETA to the dropoff moved +6 min, from") == true)
    }

    @Test func anETAMovingLessOrToAnotherStopIsNoJump() {
        var script = DriveScript()
        // Four minutes later in one step; and the stop change at 190 s moves the ETA from 160 s to 590 s.
        script.etaShift = { t in t >= 300 ? 240 : 0 }
        #expect(Self.findings(script).isEmpty)
    }

    /// Current Fleet Engine logs: right after ARRIVED_AT_PICKUP the ETA is already the dropoff's, 7 min after the
    /// pickup's, and the waypoints say so. The ETA is for the stop the first waypoint names, so nothing jumped.
    @Test func anArrivalWhoseETAIsAlreadyTheNextStopsIsNoJump() {
        var script = DriveScript()
        script.arrivalListsTheNextStop = true
        #expect(Self.findings(script) == [])
        let stops = TripTimeline(script.recording).etas.map(\.stop.type)
        #expect(stops.first == .pickupWaypointType && stops.last == .dropOffWaypointType)
    }

    /// An arrival 400 s earlier than promised ends the ETA's series rather than moving it: no jump across it.
    @Test func anEarlyArrivalIsNoJump() {
        var script = DriveScript()
        script.etaShift = { t in t < 170 ? 400 : 0 }
        #expect(Self.only(.etaJump, in: Self.findings(script)) == [])
        // The same move within ENROUTE_TO_PICKUP is one.
        script.etaShift = { t in t < 100 ? 400 : 0 }
        #expect(Self.only(.etaJump, in: Self.findings(script)).count == 1)
    }

    @Test func offRouteEpisodesAreFindings() {
        var script = DriveScript()
        script.navigation = [
            (10, .enrouteToDestination), (250, .offRoute), (280, .enrouteToDestination),
            (400, .offRoute),
        ]
        let found = Self.only(.offRoute, in: Self.findings(script))
        #expect(found.map(\.start) == [Self.at(250), Self.at(400)])
        #expect(found.map(\.end) == [Self.at(280), Self.at(590)])
        #expect(
            found.map(\.detail) == [
                "navigation OFF_ROUTE for 30 s", "navigation OFF_ROUTE for 3 min 10 s until the data ends",
            ])
    }

    @Test func aDeviceClockFarFromTheServersIsClockSkew() {
        var script = DriveScript()
        script.deviceOffset = { t in (300...320).contains(t) ? 45 : 29 }
        let found = Self.only(.clockSkew, in: Self.findings(script))
        #expect(found.map(\.start) == [Self.at(300)])
        #expect(found.map(\.end) == [Self.at(320)])
        #expect(found.first?.detail == "device clock up to 45 s ahead of the server's in 5 reports (limit 30 s)")
    }

    @Test func aStatusGoingBackIsAnError() {
        var script = DriveScript()
        script.statuses = [
            (0, .new), (10, .enrouteToPickup), (170, .arrivedAtPickup), (190, .enrouteToDropoff),
            (300, .enrouteToPickup), (310, .enrouteToDropoff), (590, .complete),
        ]
        let found = Self.findings(script).filter { $0.kind == .statusOrder }
        #expect(found.map(\.start) == [Self.at(190)])
        #expect(found.map(\.end) == [Self.at(300)])
        #expect(found.map(\.severity) == [.error])
        #expect(found.map(\.detail) == ["went back from ENROUTE_TO_DROPOFF to ENROUTE_TO_PICKUP"])
    }

    /// A trip cut off by the end of the data is in progress, which an export of any time window has; one whose data
    /// stops long before the input's was left behind.
    @Test func aTripWithoutAnEndIsNotedWhenTheDataEndsAndAWarningWhenLeftBehind() throws {
        var script = DriveScript()
        script.statuses = [(0, .new), (10, .enrouteToPickup), (170, .arrivedAtPickup), (190, .enrouteToDropoff)]
        let recording = script.recording
        let end = try #require(recording.timeSpan?.upperBound)
        let diagnoser = Diagnoser()
        let cut = diagnoser.findings(in: TripTimeline(recording, inputEnd: end + .seconds(30)))
        #expect(cut.filter { $0.kind == .statusOrder }.map(\.severity) == [.info])
        #expect(cut.filter { $0.kind == .statusOrder }.map(\.detail) == ["still ENROUTE_TO_DROPOFF when the data ends"])

        let left = diagnoser.findings(in: TripTimeline(recording, inputEnd: end + .seconds(3_600)))
        let found = left.filter { $0.kind == .statusOrder }
        #expect(found.map(\.severity) == [.warning])
        #expect(
            found.map(\.detail) == [
                "the trip's data stops at ENROUTE_TO_DROPOFF, 1 h 00 min before the input's end, without COMPLETE or CANCELED"
            ])
        #expect(found.map(\.end) == [end])
    }

    @Test func statusesFleetEngineForbidsAreErrors() {
        var script = DriveScript()
        script.statuses = [(0, .new), (10, .enrouteToPickup), (100, .complete), (200, .enrouteToDropoff)]
        let details = Self.findings(script).filter { $0.kind == .statusOrder }.map(\.detail)
        #expect(
            details == [
                "COMPLETE from ENROUTE_TO_PICKUP: the rider was never picked up",
                "left COMPLETE for ENROUTE_TO_DROPOFF: COMPLETE is final",
                "still ENROUTE_TO_DROPOFF when the data ends",
            ])

        var unassigned = DriveScript()
        unassigned.vehicleId = { $0 >= 20 ? "car-1" : "" }
        let found = Self.findings(unassigned).filter { $0.kind == .statusOrder }
        #expect(found.map(\.detail) == ["ENROUTE_TO_PICKUP without an assigned vehicle"])
        #expect(found.map(\.start) == [Self.at(10)])
    }

    @Test func dataEndingBeforeTheTripIsNoted() {
        var script = DriveScript()
        script.statuses.removeLast()
        script.reportTimes = Array(stride(from: 10.0, through: 400, by: 5))
        let found = Self.only(.statusOrder, in: Self.findings(script))
        #expect(found.map(\.severity) == [.info])
        #expect(found.map(\.start) == [Self.at(190)])
        #expect(found.map(\.end) == [Self.at(400)])
    }

    @Test func completingFarFromTheDropoffIsStaleAtEnd() {
        var script = DriveScript()
        // COMPLETE at 560 s, 300 m before the dropoff, the vehicle still reporting on its way.
        script.statuses[4] = (560, .complete)
        script.reportTimes = Array(stride(from: 10.0, through: 560, by: 5))
        let found = Self.only(.staleAtEnd, in: Self.findings(script))
        #expect(found.map(\.start) == [Self.at(560)])
        #expect(found.map(\.end) == [Self.at(560)])
        #expect(found.first?.detail == "last report 300 m from the dropoff at COMPLETE (limit 200 m)")
        // 150 m short is within the limit.
        script.statuses[4] = (575, .complete)
        script.reportTimes = Array(stride(from: 10.0, through: 575, by: 5))
        #expect(Self.findings(script).isEmpty)
    }

    @Test func canceledTripsAreNotStaleAtEnd() {
        var script = DriveScript()
        script.statuses[4] = (400, .canceled)
        script.reportTimes = Array(stride(from: 10.0, through: 400, by: 5))
        #expect(Self.findings(script).isEmpty)
    }

    /// A fence around the pickup: the car drives into it on the way and out of it after the pickup — each crossing a
    /// finding (info), by the same rule as the live server's geofence events; a fence it never reaches gives none.
    @Test func crossingAGeofenceIsAFindingEachWay() throws {
        var thresholds = DiagnosisThresholds()
        thresholds.geofences = [
            try Geofence(
                parsing: "pickup-zone=CIRCLE (\(DriveScript.pickup.latitude) \(DriveScript.pickup.longitude), 120)"),
            try Geofence(parsing: "far=CIRCLE (44.5 8.5, 500)"),
        ]
        let found = Self.only(.geofence, in: Self.findings(DriveScript(), thresholds))
        // In at 150 s (100 m short of the pickup; 150 m short at 145 s), out at 205 s (150 m past it).
        #expect(
            found.map { $0.detail.split(separator: " ").prefix(2).joined(separator: " ") } == [
                "entered pickup-zone", "left pickup-zone",
            ])
        #expect(found.map(\.start) == [Self.at(150), Self.at(205)])
        #expect(found.allSatisfy { $0.severity == .info })
        #expect(Self.only(.geofence, in: Self.findings(DriveScript())).isEmpty)
    }
}
