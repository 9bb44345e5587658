import FleetEvents
import FleetModel
import Foundation
import GRDB

/// The outbox: events recorded in the transaction of the write that caused them, so an answered write's events are
/// as durable as the write (they share its commit and its fsync), and a failed write leaves none. Their ids
/// (SQLite's AUTOINCREMENT rowid) grow in commit order and are never reused: a cursor for readers and for each
/// receiver's delivery progress, kept beside them.
enum EventOutbox {
    /// Schema v5 and v6: the events, what detectors remember between writes, and each receiver's progress.
    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: events") { db in
            try db.execute(
                sql: """
                    CREATE TABLE event (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        provider TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        time TEXT NOT NULL,
                        trip TEXT NOT NULL,
                        vehicle TEXT NOT NULL,
                        task TEXT NOT NULL,
                        geofence TEXT NOT NULL,
                        before TEXT,
                        after TEXT
                    );
                    CREATE INDEX event_by_provider ON event (provider, id);
                    CREATE TABLE event_eta_baseline (
                        provider TEXT NOT NULL,
                        tripId TEXT NOT NULL,
                        stop TEXT NOT NULL,
                        eta TEXT NOT NULL,
                        PRIMARY KEY (provider, tripId)
                    ) WITHOUT ROWID;
                    CREATE TABLE event_silent_vehicle (
                        provider TEXT NOT NULL,
                        vehicleId TEXT NOT NULL,
                        PRIMARY KEY (provider, vehicleId)
                    ) WITHOUT ROWID;
                    CREATE TABLE event_delivery (
                        url TEXT NOT NULL PRIMARY KEY,
                        lastEventId INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        // The trip ETA's baseline became one watch per trip or task, for every progress event.
        migrator.registerMigration("v6: event watches") { db in
            try db.execute(
                sql: """
                    DROP TABLE event_eta_baseline;
                    CREATE TABLE event_watch (
                        provider TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        json TEXT NOT NULL,
                        PRIMARY KEY (provider, subject)
                    ) WITHOUT ROWID;
                    """)
        }
    }
}

extension FleetTransaction {
    /// Records `events`, caused by a write of `provider`'s at `time`.
    func append(_ events: [DetectedEvent], provider: String, time: ProtoTimestamp) throws {
        for event in events {
            try db.cachedStatement(
                sql: """
                    INSERT INTO event (provider, kind, time, trip, vehicle, task, geofence, before, after)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                provider, event.kind.rawValue, time.rfc3339, event.trip, event.vehicle, event.task, event.geofence,
                event.before?.compactJSONText, event.after?.compactJSONText,
            ])
        }
    }

    /// Events after `afterID` in id order, of one provider or of all.
    public func events(provider: String?, after afterID: Int64, limit: Int) throws -> [FleetEventRecord] {
        var sql = "SELECT \(Self.eventColumns) FROM event WHERE id > ?"
        var arguments: StatementArguments = [afterID]
        if let provider {
            sql += " AND provider = ?"
            arguments += [provider]
        }
        sql += " ORDER BY id LIMIT ?"
        arguments += [limit]
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(Self.event)
    }

    /// A provider's newest `limit` events, in id order: read backwards along its index, so as many rows as asked for
    /// however many there are.
    public func newestEvents(provider: String, limit: Int) throws -> [FleetEventRecord] {
        let newest = "SELECT \(Self.eventColumns) FROM event WHERE provider = ? ORDER BY id DESC LIMIT ?"
        return try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM (\(newest)) ORDER BY id"), arguments: [provider, limit]
        ).map(Self.event)
    }

    private static let eventColumns = "id, provider, kind, time, trip, vehicle, task, geofence, before, after"

    private static func event(_ row: Row) throws -> FleetEventRecord {
        let kind = FleetEventKind(rawValue: row["kind"]) ?? .tripStatus
        var record = FleetEventRecord(
            id: row["id"], provider: row["provider"],
            time: try ProtoTimestamp(rfc3339: row["time"]),
            event: DetectedEvent(
                kind: kind, trip: row["trip"], vehicle: row["vehicle"], task: row["task"],
                geofence: row["geofence"], before: try Self.json(row["before"]), after: try Self.json(row["after"]))
        )
        record.type = row["kind"]
        return record
    }

    /// The newest event's id, 0 when there is none.
    func lastEventID() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM event") ?? 0
    }

    // MARK: What detectors remember

    /// What the progress rule remembers of a trip (`trips/ID`) or a task (`tasks/ID`).
    func progressWatch(provider: String, subject: String) throws -> ProgressWatch? {
        guard
            let json = try String.fetchOne(
                db.cachedStatement(sql: "SELECT json FROM event_watch WHERE provider = ? AND subject = ?"),
                arguments: [provider, subject])
        else { return nil }
        return try JSONDecoder().decode(ProgressWatch.self, from: Data(json.utf8))
    }

    func setProgressWatch(_ watch: ProgressWatch, provider: String, subject: String) throws {
        try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO event_watch (provider, subject, json) VALUES (?, ?, ?)"
        ).execute(arguments: [provider, subject, String(decoding: try JSONEncoder().encode(watch), as: UTF8.self)])
    }

    /// Drops the watch of a trip or task that ended or was deleted, in the write that ended it: no report is
    /// judged against it again, and the table would otherwise keep a row for every trip and task there ever was.
    /// Done with events off too, so rows left by a run with them on go as well.
    func dropProgressWatch(provider: String, subject: String) throws {
        try db.cachedStatement(sql: "DELETE FROM event_watch WHERE provider = ? AND subject = ?")
            .execute(arguments: [provider, subject])
    }

    /// The vehicles a `vehicle-not-updating` event was sent for and no `vehicle-updating` since.
    func silentVehicles() throws -> [VehicleName] {
        try Row.fetchAll(db, sql: "SELECT provider, vehicleId FROM event_silent_vehicle").compactMap { row in
            try? VehicleName(provider: row["provider"], vehicleID: row["vehicleId"])
        }
    }

    func isSilent(_ name: VehicleName) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT 1 FROM event_silent_vehicle WHERE provider = ? AND vehicleId = ?",
            arguments: [name.provider, name.vehicleID]) ?? false
    }

    func setSilent(_ name: VehicleName, _ silent: Bool) throws {
        try db.execute(
            sql: silent
                ? "INSERT OR IGNORE INTO event_silent_vehicle (provider, vehicleId) VALUES (?, ?)"
                : "DELETE FROM event_silent_vehicle WHERE provider = ? AND vehicleId = ?",
            arguments: [name.provider, name.vehicleID])
    }

    /// The ONLINE vehicles of every provider whose last location report is older than `cutoff`. SQLite picks them
    /// from the stored JSON, so a look at a large fleet decodes only the vehicles gone quiet, not every one.
    func onlineVehicles(reportedBefore cutoff: ProtoTimestamp) throws -> [Vehicle] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT json FROM vehicle WHERE state = ? AND (julianday(COALESCE(
                        json_extract(json, '$.lastLocation.serverTime'), json_extract(json, '$.lastLocation.updateTime')
                    )) - 2440587.5) * 86400.0 < ?
                    """),
            arguments: [Int(VehicleState.online.rawValue), cutoff.date.timeIntervalSince1970]
        ).map { try Self.decode(Vehicle.self, $0) }
    }

    // MARK: Delivery progress

    /// The last event delivered to `url`; a URL seen for the first time starts after the newest event.
    func deliveryProgress(_ url: URL) throws -> Int64 {
        try db.execute(
            sql: "INSERT OR IGNORE INTO event_delivery (url, lastEventId) VALUES (?, ?)",
            arguments: [url.absoluteString, try lastEventID()])
        return try Int64.fetchOne(
            db, sql: "SELECT lastEventId FROM event_delivery WHERE url = ?", arguments: [url.absoluteString]) ?? 0
    }

    func setDeliveryProgress(_ url: URL, to id: Int64) throws {
        try db.execute(
            sql: "UPDATE event_delivery SET lastEventId = MAX(lastEventId, ?) WHERE url = ?",
            arguments: [id, url.absoluteString])
    }

    static func json(_ text: String?) throws -> JSONValue? {
        guard let text else { return nil }
        return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}
