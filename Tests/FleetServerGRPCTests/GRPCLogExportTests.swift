import FleetEngineProto
import FleetModel
import FleetServer
import Foundation
import GRPCCore
import TestSupport
import Testing

/// gRPC calls pass through the same service layer as REST's, and so into the same log export.
@Suite struct GRPCLogExportTests {
    @Test func grpcCallsAreLoggedAsRESTCallsAre() async throws {
        let path = try Repository.temporaryDirectory("log-export").appendingPathComponent("calls.jsonl").path
        try await withGRPCFleet(logExport: path) { fleet in
            let server = try await fleet.auth()
            _ = try await fleet.vehicles.createVehicle(.car("g1"), metadata: server)
            let missing = await #expect(throws: RPCError.self) {
                try await fleet.trips.getTrip(.with { $0.name = "providers/p/trips/none" }, metadata: server)
            }
            #expect(missing?.code == .notFound)
        }
        let entries = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let logNames = entries.compactMap { $0["logName"] as? String }
        #expect(
            logNames == [
                "projects/p/logs/fleetengine.googleapis.com%2Fcreate_vehicle",
                "projects/p/logs/fleetengine.googleapis.com%2Fget_trip",
            ])
        let created = try #require(entries.first?["jsonPayload"] as? [String: Any])
        #expect((created["request"] as? [String: Any])?["vehicleId"] as? String == "g1")
        #expect((created["response"] as? [String: Any])?["state"] as? String == "VEHICLE_STATE_ONLINE")
        let failed = try #require(entries.last)
        #expect(failed["severity"] as? String == "ERROR")
        let error = (failed["jsonPayload"] as? [String: Any])?["errorResponse"] as? [String: Any]
        #expect(error?["code"] as? String == "NOT_FOUND")
        #expect((failed["labels"] as? [String: String])?["trip_id"] == "none")
    }
}
