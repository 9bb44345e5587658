import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

@testable import TripRecordings

/// `replay --fleet`'s source: a Cloud Logging export of three vehicles and a trip, played on a virtual clock through
/// the fleet tracker — vehicles appear, move, take and drop their trips and go stale, in export time order.
@Suite struct FleetReplayRunTests {
    static let start = try! ProtoTimestamp(rfc3339: "2025-01-01T00:00:00Z")

    static func time(_ seconds: Int) -> String { (start + .seconds(Int64(seconds))).rfc3339 }

    /// An UpdateVehicle entry whose response is the vehicle after the call; `at` nil: no location.
    static func report(
        _ insertId: String, _ vehicle: String, seconds: Int, at point: (Double, Double)?, trips: [String] = []
    ) -> String {
        let location =
            point.map {
                #","lastLocation":{"location":{"latitude":\#($0.0),"longitude":\#($0.1)},"heading":90,"speed":5,"serverTime":"\#(time(seconds))"}"#
            } ?? ""
        let currentTrips =
            trips.isEmpty ? "" : #","currentTrips":[\#(trips.map { "\"\($0)\"" }.joined(separator: ","))]"#
        return
            #"{"insertId":"\#(insertId)","logName":"projects/p/logs/fleetengine.googleapis.com%2Fupdate_vehicle","timestamp":"\#(time(seconds))","labels":{"vehicle_id":"\#(vehicle)"},"jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateVehicleLog","request":{"vehicleId":"\#(vehicle)","vehicle":{}},"response":{"name":"providers/p/vehicles/\#(vehicle)","state":"VEHICLE_STATE_ONLINE"\#(currentTrips)\#(location)}}}"#
    }

    static func tripCall(_ insertId: String, seconds: Int, status: String, vehicle: String?) -> String {
        let method = insertId.hasPrefix("c") ? ("create_trip", "CreateTripLog") : ("update_trip", "UpdateTripLog")
        let assigned = vehicle.map { #","vehicleId":"\#($0)""# } ?? ""
        return
            #"{"insertId":"\#(insertId)","logName":"projects/p/logs/fleetengine.googleapis.com%2F\#(method.0)","timestamp":"\#(time(seconds))","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.\#(method.1)","request":{"tripId":"t1"},"response":{"name":"providers/p/trips/t1","status":"\#(status)"\#(assigned),"pickupPoint":{"point":{"latitude":43.72,"longitude":7.42}},"dropoffPoint":{"point":{"latitude":43.74,"longitude":7.43}}}}}"#
    }

    /// Newest first, as Cloud Logging exports: the replay must put it back in time order.
    static let export = [
        report("a2", "v-a", seconds: 400, at: (43.7062, 7.4060)),
        report("c1", "v-c", seconds: 40, at: nil),
        report("b2", "v-b", seconds: 30, at: (43.7200, 7.4200)),
        tripCall("u2", seconds: 29, status: "TRIP_STATUS_COMPLETE", vehicle: "v-b"),
        report("a1", "v-a", seconds: 20, at: (43.7050, 7.4050)),
        report("b1", "v-b", seconds: 10, at: (43.7100, 7.4100), trips: ["t1"]),
        tripCall("u1", seconds: 8, status: "TRIP_STATUS_ENROUTE_TO_PICKUP", vehicle: "v-b"),
        tripCall("c0", seconds: 5, status: "TRIP_STATUS_NEW", vehicle: nil),
        report("a0", "v-a", seconds: 0, at: (43.7000, 7.4000)),
    ].joined(separator: "\n")

    static func fleet() throws -> FleetRecording {
        let (fleet, warnings) = try CloudLoggingImporter.fleet(from: Data(export.utf8), path: "fleet.jsonl")
        #expect(warnings.isEmpty, "\(warnings)")
        return fleet
    }

    /// What the tracker told its subscriber, one line a listing: the replay time in seconds, then appeared (+),
    /// changed (~) and vanished (-) vehicles with their trips and staleness.
    final class Log: FleetTrackerSubscriber {
        private let lines = NIOLockedValueBox<[String]>([])
        let clock: VirtualClock
        init(clock: VirtualClock) { self.clock = clock }
        var all: [String] { lines.withLockedValue { $0 } }

        func fleetTracker(_ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate) async {
            guard !update.isEmpty else { return }
            func describe(_ vehicles: [FleetVehicle]) -> String {
                vehicles.map { vehicle in
                    let id = vehicle.name.split(separator: "/").last.map(String.init) ?? ""
                    let trips = vehicle.currentTrips.isEmpty ? "" : "{\(vehicle.currentTrips.joined())}"
                    let at = vehicle.lastLocation?.point.map { String(format: "@%.4f", $0.latitude) } ?? ""
                    return id + trips + at + (vehicle.isStale ? "(stale)" : "")
                }
                .joined(separator: ",")
            }
            let gone = update.vanished.map { $0.split(separator: "/").last.map(String.init) ?? "" }.joined(
                separator: ",")
            let seconds = (clock.timestamp - FleetReplayRunTests.start) / .milliseconds(1) / 1000
            lines.withLockedValue {
                $0.append(
                    String(format: "%.3f", seconds)
                        + " +[\(describe(update.appeared))] ~[\(describe(update.changed))] -[\(gone)]")
            }
        }
    }

    @Test func theExportBecomesEveryVehicleAfterEachCallAndItsTrips() throws {
        let fleet = try Self.fleet()
        #expect(
            fleet.vehicleNames == ["providers/p/vehicles/v-a", "providers/p/vehicles/v-b", "providers/p/vehicles/v-c"])
        #expect(fleet.reports.map(\.time) == [0, 10, 20, 30, 40, 400].map { Self.start + .seconds($0) })
        #expect(fleet.trips.map(\.tripName.description) == ["providers/p/trips/t1"])
        #expect(fleet.trip(named: "providers/p/trips/t1")?.statusPath == [.new, .enrouteToPickup, .complete])
    }

    @Test func vehiclesAppearMoveChangeTripsAndGoStaleInExportTimeOrder() async throws {
        let clock = VirtualClock(start: Self.start, speed: .asFastAsPossible)
        let run = FleetReplayRun(recording: try Self.fleet(), clock: clock)
        let log = Log(clock: clock)
        await run.tracker.register(log)
        await run.run()
        #expect(
            log.all == [
                "0.000 +[v-a@43.7000] ~[] -[]",
                "10.000 +[v-b{t1}@43.7100] ~[] -[]",
                "20.000 +[] ~[v-a@43.7050] -[]",
                "30.000 +[] ~[v-b@43.7200] -[]",
                // Listed without a location: stale from the start, as a live fleet marks it.
                "40.000 +[v-c(stale)] ~[] -[]",
                // Five minutes after their last reports, on the replay's clock, between two recorded reports.
                "320.001 +[] ~[v-a@43.7050(stale)] -[]",
                "330.001 +[] ~[v-b@43.7200(stale)] -[]",
                "400.000 +[] ~[v-a@43.7062] -[]",
            ])
    }

    /// On a manual clock the interactive run sleeps until the next report, and a seek back lists the fleet as it
    /// was then: vehicles not yet reported vanish.
    @Test func theInteractiveRunWaitsOnTheClockAndFollowsASeek() async throws {
        let clock = VirtualClock.manual(start: Self.start)
        let run = FleetReplayRun(recording: try Self.fleet(), clock: clock)
        let log = Log(clock: clock)
        await run.tracker.register(log)
        let player = Task { await run.runInteractive() }
        #expect(await clock.nextSleep() == .seconds(10))
        clock.advance(by: .seconds(10))
        #expect(await clock.nextSleep() == .seconds(10))
        clock.advance(by: .seconds(10))
        #expect(await clock.nextSleep() == .seconds(10))
        run.transport.seek(fraction: 0)
        #expect(await clock.nextSleep() == .seconds(10))
        player.cancel()
        #expect(
            log.all == [
                "0.000 +[v-a@43.7000] ~[] -[]", "10.000 +[v-b{t1}@43.7100] ~[] -[]", "20.000 +[] ~[v-a@43.7050] -[]",
                "0.000 +[] ~[v-a@43.7000] -[v-b]",
            ])
    }

    @Test func anInputThatIsNotAnExportOrHasNoVehiclesIsRefused() throws {
        let tripFile = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Assets/trips/monaco-stops.jsonl")))
        let cases: [(Data, String)] = [
            (tripFile, "a trip file (one trip), not a Cloud Logging export"),
            (Data("hello\n".utf8), "unknown format: --fleet replays a Fleet Engine Cloud Logging export"),
            (
                Data(Self.tripCall("c0", seconds: 5, status: "TRIP_STATUS_NEW", vehicle: nil).utf8),
                "no successful UpdateVehicle entries: no vehicles to replay"
            ),
        ]
        for (data, message) in cases {
            #expect {
                _ = try RecordingLoader.loadFleet(data: data, path: "in.json")
            } throws: { error in
                "\(error)".hasPrefix("in.json: ") && "\(error)".contains(message)
            }
        }
    }
}
