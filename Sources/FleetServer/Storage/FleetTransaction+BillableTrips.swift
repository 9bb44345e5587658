import FleetModel
import Foundation
import GRDB

/// Billable trip reports: one row per id, the report as proto3 JSON and when it was received.
extension FleetTransaction {
    /// Records `report` under `name`, replacing an earlier report of the same id.
    public func record(_ report: ReportBillableTripRequest, as name: BillableTripName, at now: ProtoTimestamp) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO billable_trip (provider, id, json, reportTime) VALUES (?, ?, ?, ?)",
            arguments: [name.provider, name.id, try Self.encode(report), now.date.timeIntervalSince1970])
    }

    /// The report recorded under `name` and when it was received, or nil.
    public func billableTrip(
        _ name: BillableTripName
    ) throws -> (report: ReportBillableTripRequest, reportTime: ProtoTimestamp)? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT json, reportTime FROM billable_trip WHERE provider = ? AND id = ?",
                arguments: [name.provider, name.id])
        else { return nil }
        let json: String = row["json"]
        let seconds: Double = row["reportTime"]
        do {
            return (
                try ProtoJSON.decode(ReportBillableTripRequest.self, from: json),
                ProtoTimestamp(Date(timeIntervalSince1970: seconds))
            )
        } catch {
            throw FleetError(.dataLoss, "stored billable trip report is unreadable: \(error)")
        }
    }
}
