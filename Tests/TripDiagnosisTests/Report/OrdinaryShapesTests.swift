import FleetModel
import Foundation
import TestSupport
import Testing
import TripDiagnosis
import TripRecordings

/// Ordinary trips in the shapes real fleets produce (`Fixtures/make-trip-shapes.py`, Cloud Logging exports with log
/// spellings, two of them lower-cased as 2025 exports are): `check` must find nothing wrong with any of them, or a
/// provider's `--fail-on` would fail on normal days. Each test also pins what makes its shape a trap, so that the
/// fixture keeps exercising it.
@Suite struct OrdinaryShapesTests {
    static func diagnoses(_ shape: String) throws -> [String: Diagnosis] {
        let path = try Repository.file("Tests/TripDiagnosisTests/Fixtures/shape-\(shape).json")
        let loaded = try RecordingLoader.load(path: path)
        #expect(loaded.warnings.isEmpty)
        return Dictionary(
            uniqueKeysWithValues: loaded.recordings.map { ($0.tripName.tripID, Diagnoser().diagnose($0)) })
    }

    @Test(arguments: ["pooled", "intermediate", "canceled", "reassigned", "back-to-back", "out-of-order"])
    func anOrdinaryShapeHasNoFindings(shape: String) throws {
        let diagnoses = try Self.diagnoses(shape)
        #expect(!diagnoses.isEmpty)
        for (trip, diagnosis) in diagnoses {
            #expect(diagnosis.findings.map(\.detail) == [], "\(shape): \(trip)")
        }
    }

    /// Two riders share a car, waypoints interleaved; the second is three and a half minutes late to the kerb. The
    /// first rider's trip waits at the second's pickup — a stop, named as one, not a dwell — and its ETA, which its
    /// own last update still said was for that pickup, turns out to be for its dropoff once the car leaves.
    @Test func aSharedRideWaitsAtTheOtherRidersPickup() throws {
        let diagnoses = try Self.diagnoses("pooled")
        let first = try #require(diagnoses["pool-a"])
        let wait = try #require(first.card.stops.first)
        #expect(wait.seconds >= 200)
        #expect(first.timeline.stopName(near: wait.point) == "the pickup of trip pool-b")
        let stops = first.timeline.etas.map { $0.stop.label(ownTripId: "pool-a") }
        #expect(stops.contains("the pickup of trip pool-b"))
        #expect(stops.last == "the dropoff")
        #expect(diagnoses["pool-b"]?.card.stops.count == 1)
    }

    @Test func intermediateDestinationsAreStopsInTurn() throws {
        let timeline = try #require(try Self.diagnoses("intermediate")["multi-a"]).timeline
        #expect(timeline.statuses.filter { $0.status == .arrivedAtIntermediateDestination }.count == 2)
        let stops = Set(timeline.etas.map { $0.stop.label(ownTripId: "multi-a") })
        #expect(stops.isSuperset(of: ["the pickup", "stop 1", "stop 2", "the dropoff"]))
    }

    /// A no-show after five minutes at the pickup, and a rider cancelling on the way: both end CANCELED, the wait is
    /// on the card among the stops.
    @Test func cancelledTripsEndWithoutComplaint() throws {
        let diagnoses = try Self.diagnoses("canceled")
        #expect(diagnoses.values.map(\.timeline.terminal?.status) == [.canceled, .canceled])
        let wait = try #require(diagnoses["no-show"]?.card.stops.first)
        #expect(wait.seconds >= 300)
    }

    /// The trip moves to a car 4 km further away: the new car's ETA to the pickup is a new promise, minutes later
    /// than the old one, not the old one jumping.
    @Test func aReassignedTripStartsANewETA() throws {
        let timeline = try #require(try Self.diagnoses("reassigned")["moved"]).timeline
        #expect(timeline.vehicles == ["near-1", "far-2"])
        let pickup = timeline.etas.filter { $0.stop.type == .pickupWaypointType && $0.status == .enrouteToPickup }
        let last = try #require(pickup.last { $0.vehicleId == "near-1" })
        let next = try #require(pickup.first { $0.vehicleId == "far-2" })
        #expect((next.eta - last.eta).inSeconds > 300)
    }

    /// The next trip is assigned while the car still carries the first rider: its waypoints list the first ride's
    /// dropoff first, and nothing updates the trip when the car leaves that dropoff — the car's reports say it now
    /// drives to the next pickup, and the ETA they give is that pickup's.
    @Test func aBackToBackTripFirstWaitsForTheRideUnderWay() throws {
        let timeline = try #require(try Self.diagnoses("back-to-back")["next-ride"]).timeline
        let etas = timeline.etas.filter { $0.status == .enrouteToPickup }
        let before = try #require(etas.last { $0.stop.tripId == "first-ride" })
        let after = try #require(etas.first { $0.stop.tripId == "next-ride" })
        #expect(before.stop.type == .dropOffWaypointType && after.stop.type == .pickupWaypointType)
        #expect((after.eta - before.eta).inSeconds > 300)
    }

    /// On a highway every tenth report reaches the server 7 s late, behind the next one: stale, left out, rather than
    /// a car jumping 150 m back and forth.
    @Test func reportsReachingTheServerLateAreLeftOut() throws {
        let timeline = try #require(try Self.diagnoses("out-of-order")["highway"]).timeline
        #expect(timeline.moves.allSatisfy { ($0.speed ?? 0) < 31 })
        for (earlier, later) in zip(timeline.reports, timeline.reports.dropFirst()) {
            #expect(earlier.deviceTime! <= later.deviceTime!)
        }
    }
}
