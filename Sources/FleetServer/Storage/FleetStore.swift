import FleetModel
import Foundation
import GRDB
import Logging

/// Trips, vehicles, delivery vehicles and tasks in one SQLite database (GRDB, WAL mode, `synchronous = FULL`).
///
/// Each row holds the resource's proto3 JSON plus the columns queries need (provider, id, vehicle, status).
/// Every write commits before it returns, so an answered write survives a crash of the server and a failed one
/// leaves nothing behind; writes that arrive together share one transaction and one fsync (``GroupCommit``).
public final class FleetStore: Sendable {
    private let pool: DatabasePool
    public let path: String
    /// Encoded GetTrip answers, emptied by every write (see ``AnswerCache``).
    let answers = AnswerCache()
    /// SearchVehicles' vehicles, trips and grid per provider, kept current by every write.
    let searchIndex = SearchIndex()
    /// Delivery vehicles' itineraries and shipments' tasks for the tasks' reads, forgotten by the writes that
    /// change them.
    let deliveryReads = DeliveryReadCache()
    /// Batches concurrent writes into shared transactions.
    let groupCommit: GroupCommit
    /// Whether writes record events (a configuration was given): without, the events endpoint says so.
    public let recordsEvents: Bool

    /// The older schema this start migrated from, and the copy kept of it; nil when nothing was migrated.
    public let upgrade: Upgrade?

    /// A migration at start: from which version, to which, and where the copy of the older database is.
    public struct Upgrade: Sendable, Equatable {
        public let fromVersion: String
        public let toVersion: String
        public let copyPath: String
    }

    /// Opens (creating if needed) the database at `path` and brings its schema up to date, after checking what the
    /// file holds (``DatabaseStartupCheck``): a damaged, foreign or newer database is refused untouched, and an older
    /// one is copied before it is migrated.
    ///
    /// With `events`, every write records the events it causes in its own transaction (``EventRecorder``), their
    /// time by `clock`. Faults of the machine under the database (a full disk) are said to `logger`, once each.
    public init(
        path: String, events: EventConfiguration? = nil, clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "tripterm.store")
    ) throws {
        let migrator = Self.migrator
        switch try DatabaseStartupCheck.inspect(path: path, migrator: migrator) {
        case .older(let version):
            upgrade = Upgrade(
                fromVersion: version, toVersion: DatabaseStartupCheck.version(of: migrator.migrations.last ?? ""),
                copyPath: try DatabaseStartupCheck.keepCopy(of: path, version: version))
        case .new, .current:
            upgrade = nil
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        configuration.busyMode = .timeout(5)
        self.path = path
        pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        groupCommit = GroupCommit(
            pool: pool, index: searchIndex, deliveryReads: deliveryReads,
            events: events.map { EventRecorder(configuration: $0, clock: clock) },
            logger: logger)
        recordsEvents = events != nil
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: trips and vehicles") { db in
            try db.execute(
                sql: """
                    CREATE TABLE trip (
                        provider TEXT NOT NULL,
                        id TEXT NOT NULL,
                        vehicleId TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        json TEXT NOT NULL,
                        PRIMARY KEY (provider, id)
                    ) WITHOUT ROWID;
                    CREATE INDEX trip_by_vehicle ON trip (provider, vehicleId);
                    CREATE TABLE vehicle (
                        provider TEXT NOT NULL,
                        id TEXT NOT NULL,
                        state INTEGER NOT NULL,
                        json TEXT NOT NULL,
                        PRIMARY KEY (provider, id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2: trip update time") { db in
            // Seconds since 1970 of the last write, for SearchTrips' minimumStaleness.
            try db.execute(sql: "ALTER TABLE trip ADD COLUMN updateTime REAL NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v3: billable trips") { db in
            // ReportBillableTrip's reports, kept as sent (proto3 JSON) with when they were received.
            try db.execute(
                sql: """
                    CREATE TABLE billable_trip (
                        provider TEXT NOT NULL,
                        id TEXT NOT NULL,
                        json TEXT NOT NULL,
                        reportTime REAL NOT NULL,
                        PRIMARY KEY (provider, id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v4: delivery vehicles and tasks") { db in
            // The Deliveries API's resources. A task's vehicle, state and tracking id are columns: a vehicle's
            // tasks, the OPEN ones, and a shipment's tasks are what the methods look up.
            try db.execute(
                sql: """
                    CREATE TABLE delivery_vehicle (
                        provider TEXT NOT NULL,
                        id TEXT NOT NULL,
                        json TEXT NOT NULL,
                        PRIMARY KEY (provider, id)
                    ) WITHOUT ROWID;
                    CREATE TABLE task (
                        provider TEXT NOT NULL,
                        id TEXT NOT NULL,
                        vehicleId TEXT NOT NULL,
                        state INTEGER NOT NULL,
                        trackingId TEXT NOT NULL,
                        json TEXT NOT NULL,
                        PRIMARY KEY (provider, id)
                    ) WITHOUT ROWID;
                    CREATE INDEX task_by_vehicle ON task (provider, vehicleId);
                    CREATE INDEX task_by_tracking_id ON task (provider, trackingId);
                    """)
        }
        EventOutbox.registerMigration(in: &migrator)
        return migrator
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (FleetTransaction) throws -> T) async throws -> T {
        try await pool.read { db in try body(FleetTransaction(db: db)) }
    }

    /// A read whose transaction begins once `first` has run, in the reader's queue: what `first` saw precedes the
    /// read's snapshot however long the read waited for a reader. (GRDB's `read` takes its snapshot before its
    /// closure runs.) For ``DeliveryReadCache``'s generation: read when the read was queued, a backlog made every
    /// van look written since, and nothing was kept.
    func read<T: Sendable, First: Sendable>(
        after first: @escaping @Sendable () -> First, _ body: @escaping @Sendable (First, FleetTransaction) throws -> T
    ) async throws -> T {
        try await pool.unsafeRead { db in
            let before = first()
            var result: T?
            try db.inTransaction(.deferred) {
                result = try body(before, FleetTransaction(db: db))
                return .commit
            }
            guard let result else { preconditionFailure("a committed read without a result") }
            return result
        }
    }

    /// Tests only: the database may grow by at most `pages` more pages (SQLite's `max_page_count`, on the one
    /// connection that writes), so a write that needs room fails exactly as on a full disk, with SQLITE_FULL; nil
    /// lifts the limit, as freeing space would.
    func limitGrowth(toPages pages: Int?) async throws {
        try await pool.writeWithoutTransaction { db in
            let count = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages.map { count + $0 } ?? 1_073_741_823)")
        }
    }

    /// Runs `body` in a transaction shared with the writes that arrive at the same time, in a savepoint of its own:
    /// its result once the transaction committed, or its error with its changes rolled back (``GroupCommit``).
    public func write<T: Sendable>(_ body: @escaping @Sendable (FleetTransaction) throws -> T) async throws -> T {
        // Before and after: a read racing the write cannot store an answer from before it.
        answers.invalidate()
        defer { answers.invalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            groupCommit.submit(BatchedWrite(body: body, continuation: continuation))
        }
    }

    /// The active trip `name` and its vehicle as last committed, from memory: the provider's ``SearchIndex``, built
    /// on first use, holds them, so GetTrip reads no row and decodes no JSON — reading and decoding the two rows
    /// was most of a cache miss (docs/PERFORMANCE.md, "Distinct riders"). Nil when the trip is finished or does
    /// not exist, for the caller to read the store.
    func activeTrip(_ name: TripName) async throws -> (trip: Trip, vehicle: Vehicle?)? {
        if let live = searchIndex.activeTrip(provider: name.provider, id: name.tripID) { return live }
        guard !searchIndex.isIndexed(provider: name.provider) else { return nil }
        try await index(provider: name.provider)
        return searchIndex.activeTrip(provider: name.provider, id: name.tripID)
    }

    /// Builds the provider's live index unless it has one, so that its GetTrips and its vehicles' writes read from
    /// memory (``LiveReads``). Asks without taking a copy of the index: a copy alive while a write follows the
    /// index makes that write copy all of it.
    func index(provider: String) async throws {
        guard !searchIndex.isIndexed(provider: provider) else { return }
        _ = try await vehicleSearch(provider: provider)
    }

    /// The provider's SearchVehicles index, built from its rows on first use (in a write transaction, so that no
    /// write falls between the rows read and the changes followed).
    func vehicleSearch(provider: String) async throws -> VehicleSearch {
        if let search = searchIndex.current(provider: provider) { return search }
        let index = searchIndex
        return try await pool.write { db in
            if let search = index.current(provider: provider) { return search }
            let tx = FleetTransaction(db: db)
            let search = VehicleSearch(
                vehicles: try tx.vehicles(provider: provider), trips: try tx.trips(provider: provider, activeOnly: true)
            )
            index.install(search, provider: provider)
            return search
        }
    }
}

/// Typed access to the rows inside one transaction.
public struct FleetTransaction {
    let db: Database
    /// What this transaction writes, for the live indexes; nil in a read.
    var changes: StoreChanges? = nil
    /// What a write in a batch may read from memory instead of its rows; nil in a read.
    var live: LiveReads? = nil
    /// Records the events the writes cause, when events are on (``EventRecorder``); nil otherwise and in a read.
    var events: EventRecorder? = nil

    /// Runs one statement, prepared once per connection (GRDB's statement cache): preparing it anew was a
    /// twentieth of each write's time in the writer's queue.
    private func run(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    public func trip(_ name: TripName) throws -> Trip? {
        guard
            let json = try String.fetchOne(
                db.cachedStatement(sql: "SELECT json FROM trip WHERE provider = ? AND id = ?"),
                arguments: [name.provider, name.tripID])
        else { return nil }
        return try Self.decode(Trip.self, json)
    }

    public func vehicle(_ name: VehicleName) throws -> Vehicle? {
        if let found = live?.vehicle(name, unlessChangedIn: changes) { return found }
        guard
            let json = try String.fetchOne(
                db.cachedStatement(sql: "SELECT json FROM vehicle WHERE provider = ? AND id = ?"),
                arguments: [name.provider, name.vehicleID])
        else { return nil }
        return try Self.decode(Vehicle.self, json)
    }

    /// The vehicle with this id, nil when the id is empty or names no vehicle; an invalid id is INVALID_ARGUMENT.
    public func vehicle(provider: String, id: String) throws -> Vehicle? {
        guard !id.isEmpty else { return nil }
        do {
            return try vehicle(VehicleName(provider: provider, vehicleID: id))
        } catch let error as NameError {
            throw FleetError.invalidArgument(error.description)
        }
    }

    /// Inserts a new trip; false when one with this name exists.
    public func insert(_ trip: Trip, as name: TripName, at now: ProtoTimestamp) throws -> Bool {
        try run(
            "INSERT OR IGNORE INTO trip (provider, id, vehicleId, status, json, updateTime) VALUES (?, ?, ?, ?, ?, ?)",
            [
                name.provider, name.tripID, trip.vehicleId, Int(trip.tripStatus.rawValue), try Self.encode(trip),
                now.date.timeIntervalSince1970,
            ])
        guard db.changesCount == 1 else { return false }
        changes?.record(.trip(provider: name.provider, trip))
        try recordTrip(before: nil, after: trip, provider: name.provider)
        return true
    }

    public func replace(_ trip: Trip, as name: TripName, at now: ProtoTimestamp) throws {
        let before = events == nil ? nil : try self.trip(name)
        try run(
            "UPDATE trip SET vehicleId = ?, status = ?, json = ?, updateTime = ? WHERE provider = ? AND id = ?",
            [
                trip.vehicleId, Int(trip.tripStatus.rawValue), try Self.encode(trip),
                now.date.timeIntervalSince1970, name.provider, name.tripID,
            ])
        changes?.record(.trip(provider: name.provider, trip))
        try recordTrip(before: before, after: trip, provider: name.provider)
        if trip.tripStatus == .complete || trip.tripStatus == .canceled {
            try dropProgressWatch(provider: name.provider, subject: "trips/\(name.tripID)")
        }
    }

    public func deleteTrip(_ name: TripName) throws {
        try run("DELETE FROM trip WHERE provider = ? AND id = ?", [name.provider, name.tripID])
        changes?.record(.tripDeleted(provider: name.provider, id: name.tripID))
        try dropProgressWatch(provider: name.provider, subject: "trips/\(name.tripID)")
    }

    /// Inserts a new vehicle; false when one with this name exists.
    public func insert(_ vehicle: Vehicle, as name: VehicleName) throws -> Bool {
        try run(
            "INSERT OR IGNORE INTO vehicle (provider, id, state, json) VALUES (?, ?, ?, ?)",
            [name.provider, name.vehicleID, Int(vehicle.vehicleState.rawValue), try Self.encode(vehicle)])
        guard db.changesCount == 1 else { return false }
        changes?.record(.vehicle(provider: name.provider, vehicle))
        try recordVehicle(before: nil, after: vehicle, provider: name.provider)
        return true
    }

    public func replace(_ vehicle: Vehicle, as name: VehicleName) throws {
        // Read before this write records its own change: from memory when the live index has it.
        let before = events == nil ? nil : try self.vehicle(name)
        try run(
            "UPDATE vehicle SET state = ?, json = ? WHERE provider = ? AND id = ?",
            [Int(vehicle.vehicleState.rawValue), try Self.encode(vehicle), name.provider, name.vehicleID])
        changes?.record(.vehicle(provider: name.provider, vehicle))
        try recordVehicle(before: before, after: vehicle, provider: name.provider)
    }

    public func deleteVehicle(_ name: VehicleName) throws {
        try run("DELETE FROM vehicle WHERE provider = ? AND id = ?", [name.provider, name.vehicleID])
        changes?.record(.vehicleDeleted(provider: name.provider, name: name.description))
        // Its silence goes with it: the silence watch would release it only while events are on.
        try setSilent(name, false)
    }

    /// Trips of a provider in id order after `afterID`, optionally only one vehicle's, only active ones, and only
    /// those not written since `notUpdatedSince`.
    public func trips(
        provider: String, vehicleID: String? = nil, activeOnly: Bool = false, notUpdatedSince: ProtoTimestamp? = nil,
        afterID: String = "", limit: Int = -1
    ) throws -> [Trip] {
        var sql = "SELECT json FROM trip WHERE provider = ? AND id > ?"
        var arguments: StatementArguments = [provider, afterID]
        if let vehicleID {
            sql += " AND vehicleId = ?"
            arguments += [vehicleID]
        }
        if activeOnly {
            sql += " AND status NOT IN (\(TripStatus.complete.rawValue), \(TripStatus.canceled.rawValue))"
        }
        if let notUpdatedSince {
            sql += " AND updateTime <= ?"
            arguments += [notUpdatedSince.date.timeIntervalSince1970]
        }
        sql += " ORDER BY id LIMIT ?"
        arguments += [limit]
        // Cached: at most eight shapes, and vehicles' writes run some of them.
        return try String.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map {
            try Self.decode(Trip.self, $0)
        }
    }

    /// Vehicles of a provider in id order after `afterID`.
    public func vehicles(provider: String, afterID: String = "", limit: Int = -1) throws -> [Vehicle] {
        try String.fetchAll(
            db, sql: "SELECT json FROM vehicle WHERE provider = ? AND id > ? ORDER BY id LIMIT ?",
            arguments: [provider, afterID, limit]
        ).map { try Self.decode(Vehicle.self, $0) }
    }

    static func encode<T: Encodable>(_ value: T) throws -> String { try ProtoJSON.encodeString(value) }

    static func decode<T: ProtoMessage>(_ type: T.Type, _ json: String) throws -> T {
        do { return try ProtoJSON.directOrGeneral(type, text: json) } catch { throw unreadable(type, error) }
    }

    static func decode(_ type: Trip.Type, _ json: String) throws -> Trip {
        do { return try ProtoJSON.decode(type, text: json) } catch { throw unreadable(type, error) }
    }

    static func decode(_ type: Vehicle.Type, _ json: String) throws -> Vehicle {
        do { return try ProtoJSON.decode(type, text: json) } catch { throw unreadable(type, error) }
    }

    static func unreadable(_ type: Any.Type, _ error: any Error) -> FleetError {
        FleetError(.dataLoss, "stored \(type) is unreadable: \(error)")
    }
}

extension FleetTransaction {
    /// SQLite's journal mode (`wal` for a server database).
    public func journalMode() throws -> String {
        try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? ""
    }
}
