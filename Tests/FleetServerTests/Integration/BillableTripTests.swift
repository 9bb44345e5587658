import FleetModel
import Foundation
import TestSupport
import Testing

@testable import FleetServer

/// ReportBillableTrip over REST on loopback: a report is checked, recorded in the database and answered with the
/// empty message; a bad one is INVALID_ARGUMENT naming the field and records nothing; only a server token may send it.
@Suite struct BillableTripTests {
    static let path = "/v1/providers/p/billableTrips/b1:report"

    static func recorded(_ server: TestServer, _ id: String) async throws -> ReportBillableTripRequest? {
        let store = try FleetStore(path: server.databasePath)
        let name = try BillableTripName(parsing: "providers/p/billableTrips/\(id)")
        return try await store.read { tx in try tx.billableTrip(name)?.report }
    }

    @Test func aReportIsRecordedAndAnsweredWithTheEmptyMessage() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            let response = try await server.request(
                .POST, Self.path, token: token,
                body: #"{"countryCode":"mc","platform":"SERVER","relatedIds":["session-1","session-2"]}"#)
            #expect(response.status == 200, "\(response.body)")
            #expect(response.body == "{}")
            let report = try #require(try await Self.recorded(server, "b1"))
            #expect(report.countryCode == "MC")
            #expect(report.platform == .server)
            #expect(report.relatedIds == ["session-1", "session-2"])
            #expect(report.solutionType == .onDemandRidesharingAndDeliveries)
            // A retried report replaces the record.
            let again = try await server.request(
                .POST, Self.path, token: token, body: #"{"countryCode":"FR","platform":"ANDROID"}"#)
            #expect(again.status == 200, "\(again.body)")
            #expect(try await Self.recorded(server, "b1")?.countryCode == "FR")
        }
    }

    @Test func aBadReportIsRefusedNamingTheFieldAndRecordsNothing() async throws {
        try await withTestServer { server in
            let token = try await server.serverToken()
            let ids = (0..<51).map { #""s\#($0)""# }.joined(separator: ",")
            let cases: [(String, String)] = [
                (#"{}"#, "countryCode is required"),
                (#"{"countryCode":"MCO"}"#, "countryCode"),
                (#"{"countryCode":"M1"}"#, "countryCode"),
                (#"{"countryCode":"MC","platform":"SATELLITE"}"#, "platform"),
                (#"{"countryCode":"MC","solutionType":7}"#, "solutionType"),
                (#"{"countryCode":"MC","relatedIds":[\#(ids)]}"#, "relatedIds"),
                (#"{"countryCode":"MC","relatedIds":["a",""]}"#, "relatedIds[1]"),
                (#"{"countryCode":"MC","header":{}}"#, "header"),
            ]
            for (body, field) in cases {
                let response = try await server.request(.POST, Self.path, token: token, body: body)
                response.expectError(400, "INVALID_ARGUMENT")
                #expect(response.body.contains(field), "\(body): \(response.body)")
            }
            try await server.request(
                .POST, "/v1/providers/p/billableTrips/a%2Cb:report", token: token, body: #"{"countryCode":"MC"}"#
            ).expectError(400, "INVALID_ARGUMENT")
            #expect(try await Self.recorded(server, "b1") == nil)
        }
    }

    @Test func onlyAServerTokenMayReport() async throws {
        try await withTestServer { server in
            let body = #"{"countryCode":"MC"}"#
            let driver = try await server.token(AuthorizationClaims(vehicleid: "*"))
            try await server.request(.POST, Self.path, token: driver, body: body).expectError(403, "PERMISSION_DENIED")
            let rider = try await server.token(AuthorizationClaims(tripid: "*"))
            try await server.request(.POST, Self.path, token: rider, body: body).expectError(403, "PERMISSION_DENIED")
            try await server.request(.GET, Self.path, token: rider).expectError(405, "UNIMPLEMENTED")
            #expect(try await Self.recorded(server, "b1") == nil)
        }
    }
}
