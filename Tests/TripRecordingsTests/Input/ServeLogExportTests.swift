import FleetModel
import Foundation
import TestSupport
import Testing
import TripFollowing

@testable import TripRecordings

/// What `serve --log-export` writes is read as a Google export is: a trip driven through the local server comes back
/// from its own log with the statuses it went through, the vehicle's positions and the ETAs the driver reported.
@Suite struct ServeLogExportTests {
    static let stops = [
        LatLng(latitude: 43.7300, longitude: 7.4200), LatLng(latitude: 43.7340, longitude: 7.4230),
        LatLng(latitude: 43.7384, longitude: 7.4246), LatLng(latitude: 43.7450, longitude: 7.4320),
    ]

    /// A trip over REST on a stopped clock, five seconds between calls: the vehicle reports a position and the
    /// time left before each status change. Returns the times of the reports.
    static func driveTrip(_ server: TestServer, clock: StoppedClock) async throws -> [ProtoTimestamp] {
        try await server.createVehicle("v1")
        try await server.createTrip("t1", vehicle: "v1")
        let driver = try await server.driverToken(vehicle: "v1")
        let rider = try await server.riderToken(trip: "t1")
        var reported: [ProtoTimestamp] = []
        let statuses = ["ENROUTE_TO_PICKUP", "ARRIVED_AT_PICKUP", "ENROUTE_TO_DROPOFF", "COMPLETE"]
        for (index, status) in statuses.enumerated() {
            clock.advance(by: 5)
            let point = stops[index]
            let body = """
                {"lastLocation":{"location":{"latitude":\(point.latitude),"longitude":\(point.longitude)},"heading":20},\
                "remainingDistanceMeters":\(1000 - 200 * index),"remainingTimeSeconds":\(300 - 60 * index)}
                """
            try await server.request(
                .PUT,
                "/v1/providers/p/vehicles/v1?updateMask=lastLocation,remainingDistanceMeters,remainingTimeSeconds",
                token: driver, body: body
            ).require(200)
            reported.append(ProtoTimestamp(clock.now))
            // A rider's poll between: read past by the importer, as Google's get_trip entries are.
            try await server.request(.GET, "/v1/providers/p/trips/t1", token: rider).require(200)
            clock.advance(by: 5)
            try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: driver,
                body: #"{"tripStatus":"\#(status)"}"#
            ).require(200)
        }
        return reported
    }

    @Test func aTripDrivenThroughServeReplaysFromItsOwnLog() async throws {
        let path = try Repository.temporaryDirectory("log-export").appendingPathComponent("calls.jsonl").path
        let clock = StoppedClock(Date())
        let server = try await TestServer.start(clock: clock, logExport: path)
        let reported: [ProtoTimestamp]
        do {
            reported = try await Self.driveTrip(server, clock: clock)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        let (recordings, warnings) = try CloudLoggingImporter.recordings(
            from: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(warnings.isEmpty, "\(warnings)")
        let recording = try #require(recordings.first)
        #expect(recordings.count == 1)
        #expect(recording.tripName.description == "providers/p/trips/t1")
        #expect(recording.snapshots.last?.trip.vehicleId == "v1")
        #expect(recording.statusPath == [.new, .enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .complete])
        // Each report's position, in order.
        var positions: [LatLng] = []
        for snapshot in recording.snapshots {
            guard let point = snapshot.trip.lastLocation?.location, point != positions.last else { continue }
            positions.append(point)
        }
        #expect(positions == Self.stops)
        // The ETA each report gave: its time plus the time left the driver sent.
        for (index, time) in reported.enumerated() {
            let snapshot = try #require(recording.snapshots.last { $0.observedAt == time })
            #expect(snapshot.trip.etaToFirstWaypoint == time + .seconds(Int64(300 - 60 * index)))
            #expect(snapshot.trip.remainingDistanceMeters == Int32(1000 - 200 * index))
        }
    }

    @Test func theFleetDebuggerDocumentReadsAsTheJSONLinesDo() async throws {
        let directory = try Repository.temporaryDirectory("log-export")
        var imported: [[TripStatus]] = []
        for (name, format) in [("calls.jsonl", "json-lines"), ("calls.json", "fleet-debugger")] {
            let path = directory.appendingPathComponent(name).path
            let clock = StoppedClock(Date())
            let server = try await TestServer.start(clock: clock, logExport: path, logExportFormat: format)
            do { _ = try await Self.driveTrip(server, clock: clock) } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            let (recordings, _) = try CloudLoggingImporter.recordings(
                from: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            imported.append(try #require(recordings.first).statusPath)
        }
        #expect(imported[0] == imported[1])
        #expect(imported[0].last == .complete)
    }
}
