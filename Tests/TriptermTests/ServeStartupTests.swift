import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm serve` at start, end to end: each kind of damaged database — built here from one the server wrote — is
/// refused with one line naming the file, and left byte for byte as it was; an older tripterm's database is migrated
/// after a copy is kept; and the key file is created 0600 and refused when others can read it.
@Suite struct ServeStartupTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A database `tripterm serve` wrote (40 vehicles), the server stopped and the WAL checkpointed into the file, so
    /// that every page is in it.
    func realDatabase() async throws -> URL {
        let db = directory.appendingPathComponent("fleet.sqlite")
        let server = try await Self.startServer(db: db.path)
        let url = try #require(server.url)
        let token = try await TriptermBinary.run(["token", "--server", "--db", db.path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for index in 0..<40 {
            let (status, _) = try await FleetHTTP(url: url, token: token).send(
                "POST", "/v1/providers/p/vehicles?vehicleId=v\(index)",
                #"{"vehicleState":"OFFLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#
            )
            #expect(status == 200)
        }
        try await server.process.interruptAndWait()
        try await Self.sql(db.path, "PRAGMA wal_checkpoint(TRUNCATE)")
        return db
    }

    /// `tripterm serve --port 0` on `db`, and its REST URL once it listens (nil when it did not start).
    static func startServer(db: String, extra: [String] = []) async throws -> (process: ChildProcess, url: String?) {
        let process = try await ChildProcess.start(
            TriptermBinary.url.path, ["serve", "--port", "0", "--db", db] + extra)
        let line = await process.waitForLine(containing: "listening on http://", timeout: 30)
        let url = line.flatMap { line in line.range(of: "http://").map { String(line[$0.lowerBound...]) } }
        return (process, url)
    }

    /// Runs `statement` on the database at `path` through Python's sqlite3, and the first column of its rows.
    @discardableResult
    static func sql(_ path: String, _ statement: String) async throws -> [String] {
        let output = try await TriptermBinary.runTool(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); rows = c.execute(sys.argv[2]).fetchall(); c.commit(); print('\\n'.join(str(r[0]) for r in rows))",
                path, statement,
            ])
        #expect(output.status == 0, "\(statement): \(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    /// `serve` on `db` must refuse it: a non-zero exit, one line naming the file and containing `problem`, and the
    /// file unchanged.
    func expectRefused(
        _ db: URL, saying problem: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try Data(contentsOf: db)
        let output = try await TriptermBinary.run(["serve", "--port", "0", "--no-grpc", "--db", db.path])
        #expect(output.status != 0, sourceLocation: sourceLocation)
        let lines = output.stderr.split(separator: "\n").filter { !$0.hasPrefix("tripterm serve: database ") }
        #expect(lines.count == 1, "one line: \(output.stderr)", sourceLocation: sourceLocation)
        #expect(
            lines.first?.contains("cannot open the database \(db.path): it ") == true
                && lines.first?.contains(problem) == true,
            "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(!output.stdout.contains("listening"), sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: db) == before, "never written over", sourceLocation: sourceLocation)
        for side in ["-wal", "-shm"] {
            #expect(
                !FileManager.default.fileExists(atPath: db.path + side), "no \(side) left",
                sourceLocation: sourceLocation)
        }
        let copies = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".bak") }
        #expect(copies.isEmpty, sourceLocation: sourceLocation)
    }

    /// A copy of `db` under `name`, changed by `damage`.
    func damagedCopy(of db: URL, _ name: String, _ damage: (inout Data) -> Void) throws -> URL {
        var data = try Data(contentsOf: db)
        damage(&data)
        let copy = directory.appendingPathComponent(name)
        try data.write(to: copy)
        return copy
    }

    @Test func eachKindOfDamagedDatabaseIsRefusedUntouched() async throws {
        let db = try await realDatabase()
        let pageSize = 4096
        let size = try Data(contentsOf: db).count
        #expect(size >= 8 * pageSize, "a database of several pages: \(size) bytes")

        let truncated = try damagedCopy(of: db, "truncated.sqlite") {
            $0 = $0.prefix(($0.count / pageSize / 2) * pageSize)
        }
        try await expectRefused(truncated, saying: "is damaged: the file is truncated")

        let scribbled = try damagedCopy(of: db, "scribbled.sqlite") { data in
            var random = SplitMix64(seed: 33)
            for offset in (2 * pageSize)..<(3 * pageSize) { data[offset] = UInt8.random(in: 0...255, using: &random) }
        }
        try await expectRefused(scribbled, saying: "is damaged")

        let notSQLite = try damagedCopy(of: db, "text.sqlite") { $0 = Data(repeating: 0x7A, count: 3 * pageSize) }
        try await expectRefused(notSQLite, saying: "is not a SQLite database")

        let foreign = directory.appendingPathComponent("foreign.sqlite")
        try await Self.sql(foreign.path, "CREATE TABLE contacts (name TEXT, phone TEXT)")
        try await expectRefused(
            foreign, saying: "is not a tripterm database: it holds another program's tables (contacts)")

        let newer = try damagedCopy(of: db, "newer.sqlite") { _ = $0 }
        try await Self.sql(newer.path, "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
        try await expectRefused(newer, saying: "was written by a newer tripterm")
    }

    @Test func anOlderDatabaseIsMigratedWithACopyKept() async throws {
        let db = try await realDatabase()
        // What tripterm before events (migrations v5 and v6) left: the same schema without their tables.
        try await Self.sql(
            db.path, "DELETE FROM grdb_migrations WHERE identifier LIKE 'v5:%' OR identifier LIKE 'v6:%'")
        for table in ["event", "event_watch", "event_silent_vehicle", "event_delivery"] {
            try await Self.sql(db.path, "DROP TABLE \(table)")
        }

        let server = try await Self.startServer(db: db.path)
        #expect(server.url != nil, "\(server.process.output)")
        try await server.process.interruptAndWait()
        let copy = db.path + ".v4.bak"
        #expect(
            server.process.output.contains("migrated the database from v4 to v6; the v4 copy is \(copy)"),
            "\(server.process.output)")
        #expect(try await Self.sql(copy, "SELECT count(*) FROM vehicle") == ["40"])
        #expect(try await Self.sql(copy, "SELECT count(*) FROM sqlite_master WHERE name = 'event'") == ["0"])
        #expect(try await Self.sql(db.path, "SELECT count(*) FROM vehicle") == ["40"], "no data lost")
        #expect(try await Self.sql(db.path, "SELECT count(*) FROM sqlite_master WHERE name = 'event'") == ["1"])
    }

    @Test func theKeyIsCreatedForItsOwnerAloneAndRefusedWhenOthersCanReadIt() async throws {
        // Under umask 000 too: the key is never, even briefly, readable by others.
        let data = directory.appendingPathComponent("data")
        let minted = try await TriptermBinary.runTool(
            "/bin/sh",
            ["-c", "umask 000; exec \"$0\" token --server --data-dir \"$1\"", TriptermBinary.url.path, data.path])
        #expect(minted.status == 0, "\(minted.stderr)")
        let key = data.appendingPathComponent("server-key.pem").path
        #expect(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int == 0o600)

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
        let fix = "the server key \(key) can be read or written by other users (mode 0644)"
        let served = try await TriptermBinary.run(["serve", "--port", "0", "--no-grpc", "--data-dir", data.path])
        #expect(served.status != 0)
        #expect(served.stderr.contains(fix) && served.stderr.contains("chmod 600 \(key)"), "\(served.stderr)")
        let token = try await TriptermBinary.run(["token", "--server", "--data-dir", data.path])
        token.expectClearFailure(containing: fix, for: ["token", "--server"])
    }
}
