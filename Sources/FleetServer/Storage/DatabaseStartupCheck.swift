import Foundation
import GRDB

/// What the database file holds, found before the server writes a byte to it: a file that is not SQLite, a damaged
/// one, another program's, or one from a newer tripterm is refused with one line naming it and left as it is (the
/// server would otherwise turn it to WAL, migrate it, or write over its pages); one from an older tripterm is copied
/// beside itself before it is migrated.
///
/// The file is read through a read-only connection, which never changes it (the `-wal` and `-shm` files SQLite makes
/// beside a WAL database for the read are removed again when they hold nothing). SQLite's own
/// `PRAGMA integrity_check` reads every page and checks each b-tree and index against its table. It is cheap enough
/// for every start: on a database of 10,000 vehicles and 10,000 trips (14.5 MB) it takes 17 ms with the file in the
/// page cache and 0.2–0.3 s cold, which is the reading of the file from disk (`quick_check`, without the index
/// cross-check, costs the same cold and 3 ms less warm). It cannot see a changed byte inside a row's JSON that leaves
/// the page well formed: such a row is answered as DATA_LOSS when it is read.
enum DatabaseStartupCheck {
    /// What opening may do with the file.
    enum Finding: Equatable {
        /// No file, an empty one, or a SQLite file without tables: the server creates its schema.
        case new
        /// This build's schema.
        case current
        /// An older tripterm's schema, named by its last migration's version (`v3`).
        case older(version: String)
    }

    /// The most problems `integrity_check` lists; the first is reported, with the count.
    private static let reportedProblems = 20
    /// The 16 bytes every SQLite 3 database begins with. An array, not a `Data`: a global `Data` of 15 bytes or more
    /// is reported as a leak at exit by LeakSanitizer, which cannot see its storage pointer (lsan-suppressions.txt).
    private static let magic = Array("SQLite format 3\0".utf8)

    /// Reads the database at `path` without writing to it. Throws a ``FleetServerSetupError`` saying what is wrong
    /// when the server must not open it.
    static func inspect(path: String, migrator: DatabaseMigrator) throws -> Finding {
        // Absent or empty: SQLite itself takes an empty file for an empty database.
        guard let bytes = Self.size(of: path), bytes > 0 else { return .new }
        try checkHeader(path: path, size: bytes)
        // SQLite's files beside a WAL database that a read-only connection creates: removed after it, when empty.
        let created = ["-wal", "-shm"].map { path + $0 }.filter { !FileManager.default.fileExists(atPath: $0) }
        defer {
            if created.allSatisfy({ Self.size(of: $0) ?? 0 == 0 || $0.hasSuffix("-shm") }) {
                for file in created { try? FileManager.default.removeItem(atPath: file) }
            }
        }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try finding(in: db, migrator: migrator) }
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: throw FleetServerSetupError("it is not a SQLite database (\(error.message ?? "?"))")
            case .SQLITE_CORRUPT: throw damaged("SQLite reports: \(error.message ?? "corruption")")
            default: throw FleetServerSetupError("it cannot be read: \(error.message ?? "\(error)")")
            }
        }
    }

    /// The first 100 bytes: SQLite's header, and a file at least as long as the pages it counts.
    private static func checkHeader(path: String, size: Int) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FleetServerSetupError("it cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        guard header.starts(with: magic.prefix(header.count)), !header.isEmpty else {
            throw FleetServerSetupError("it is not a SQLite database: it does not begin with SQLite's header")
        }
        guard header.count == 100 else {
            throw damaged("the file is truncated: \(size) bytes, shorter than SQLite's 100-byte header")
        }
        func number(at offset: Int, bytes: Int) -> Int {
            header[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageSize = number(at: 16, bytes: 2) == 1 ? 65536 : number(at: 16, bytes: 2)
        let pages = number(at: 28, bytes: 4)
        // The page count is valid when its "version-valid-for" matches the change counter; a non-empty WAL may
        // hold pages the file has not received yet, and the integrity check judges those.
        let countIsValid = number(at: 92, bytes: 4) == number(at: 24, bytes: 4)
        if countIsValid, Self.size(of: path + "-wal") ?? 0 == 0, pages > 0, size < pages * pageSize {
            throw damaged(
                "the file is truncated: its header counts \(pages) pages of \(pageSize) bytes (\(pages * pageSize) bytes), the file has \(size)"
            )
        }
    }

    private static func finding(in db: Database, migrator: DatabaseMigrator) throws -> Finding {
        let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check(\(reportedProblems))")
        guard problems == ["ok"] else {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more problems)" : ""
            let first = (problems.first ?? "").replacingOccurrences(of: "\n", with: " ")
            throw damaged("SQLite's integrity_check reports: \(first)\(more)")
        }
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        if tables.isEmpty { return .new }
        let known = migrator.migrations
        let applied = tables.contains("grdb_migrations") ? try migrator.appliedIdentifiers(db) : []
        guard let first = known.first, applied.contains(first) else {
            throw FleetServerSetupError(
                "it is not a tripterm database: it holds another program's tables (\(tables.joined(separator: ", ")))")
        }
        let unknown = applied.subtracting(known).sorted()
        if !unknown.isEmpty {
            throw FleetServerSetupError(
                "it was written by a newer tripterm (its schema has \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), unknown to this one, whose newest is \"\(known.last ?? first)\"): run that tripterm, or start with another --db"
            )
        }
        let done = try migrator.appliedMigrations(db)
        guard let last = done.last, done.count < known.count else { return .current }
        return .older(version: version(of: last))
    }

    /// Copies the database beside itself as `PATH.VERSION.bak` (`PATH.VERSION.2.bak`… when taken) before a migration,
    /// through SQLite's backup (so pages still in the WAL are in the copy), under a temporary name first so that a
    /// crash never leaves half a copy under the final one. Returns the copy's path.
    static func keepCopy(of path: String, version: String) throws -> String {
        var target = "\(path).\(version).bak"
        var number = 2
        while FileManager.default.fileExists(atPath: target) {
            target = "\(path).\(version).\(number).bak"
            number += 1
        }
        let temporary = target + ".partial"
        do {
            try? FileManager.default.removeItem(atPath: temporary)
            var configuration = Configuration()
            configuration.readonly = true
            let source = try DatabaseQueue(path: path, configuration: configuration)
            let copy = try DatabaseQueue(path: temporary)
            try source.backup(to: copy)
            try copy.close()
            try source.close()
            try FileManager.default.moveItem(atPath: temporary, toPath: target)
        } catch {
            throw FleetServerSetupError(
                "it is from an older tripterm (\(version)), and no copy of it could be kept before migrating it: \(FleetServer.describe(error)); it was left as it is"
            )
        }
        return target
    }

    /// The size of the file at `path`, nil when there is none.
    private static func size(of path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
    }

    /// `v3` of the migration `v3: billable trips`.
    static func version(of migration: String) -> String {
        String(migration.prefix(while: { $0 != ":" }))
    }

    private static func damaged(_ what: String) -> FleetServerSetupError {
        FleetServerSetupError(
            "it is damaged: \(what); it was left as it is (restore a copy, or start with another --db)")
    }
}
