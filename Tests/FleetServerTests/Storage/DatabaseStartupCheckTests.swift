import FleetModel
import Foundation
import GRDB
import Testing

@testable import FleetServer

/// What the server finds in its database file before writing to it (``DatabaseStartupCheck``), on files built here:
/// this build's schema, an older one, a newer one, another program's, and damaged ones — each refused untouched or
/// opened as it should be.
@Suite struct DatabaseStartupCheckTests {
    let directory: URL
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("fleet.sqlite").path
    }

    /// A database in rollback-journal mode (every page in the file itself) with the schema up to `migration` and 300
    /// vehicles, so that its tables span many pages.
    func makeDatabase(upTo migration: String? = nil) throws {
        let queue = try DatabaseQueue(path: path)
        if let migration {
            try FleetStore.migrator.migrate(queue, upTo: migration)
        } else {
            try FleetStore.migrator.migrate(queue)
        }
        try queue.write { db in
            for index in 0..<300 {
                try db.execute(
                    sql: "INSERT INTO vehicle (provider, id, state, json) VALUES ('p', ?, 1, ?)",
                    arguments: ["v\(index)", #"{"name":"providers/p/vehicles/v\#(index)","vehicleState":"ONLINE"}"#])
            }
        }
        try queue.close()
    }

    func inspect() throws -> DatabaseStartupCheck.Finding {
        try DatabaseStartupCheck.inspect(path: path, migrator: FleetStore.migrator)
    }

    /// The refusal's text, with the file's bytes checked unchanged.
    func refusal() throws -> String {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        defer { #expect((try? Data(contentsOf: URL(fileURLWithPath: path))) == before, "the file is left as it is") }
        do {
            let finding = try inspect()
            Issue.record("opened as \(finding)")
            return ""
        } catch let error as FleetServerSetupError {
            return error.description
        }
    }

    @Test func noFileAnEmptyFileAndThisSchema() throws {
        #expect(try inspect() == .new)
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try inspect() == .new, "SQLite's own view of an empty file")
        try FileManager.default.removeItem(atPath: path)
        try makeDatabase()
        #expect(try inspect() == .current)
    }

    @Test func anOlderSchemaIsMigratedAfterACopyIsKept() async throws {
        try makeDatabase(upTo: "v3: billable trips")
        #expect(try inspect() == .older(version: "v3"))
        let store = try FleetStore(path: path)
        let upgrade = try #require(store.upgrade)
        #expect(upgrade == FleetStore.Upgrade(fromVersion: "v3", toVersion: "v6", copyPath: path + ".v3.bak"))
        let copy = try DatabaseQueue(path: upgrade.copyPath)
        #expect(try await copy.read { try $0.tableExists("delivery_vehicle") } == false, "the copy is the v3 database")
        #expect(try await copy.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM vehicle") } == 300)
        try copy.close()
        #expect(try inspect() == .current)
        let vehicles = try await store.read { tx in try tx.vehicles(provider: "p").count }
        #expect(vehicles == 300)
    }

    @Test func aCopyNeverReplacesAnEarlierOne() throws {
        try makeDatabase(upTo: "v2: trip update time")
        _ = FileManager.default.createFile(atPath: path + ".v2.bak", contents: Data("earlier".utf8))
        #expect(try DatabaseStartupCheck.keepCopy(of: path, version: "v2") == path + ".v2.2.bak")
        #expect(FileManager.default.contents(atPath: path + ".v2.bak") == Data("earlier".utf8))
    }

    @Test func aNewerSchemaIsRefused() throws {
        try makeDatabase()
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
        }
        try queue.close()
        let message = try refusal()
        #expect(message.contains("newer tripterm") && message.contains("v9: from the future"), "\(message)")
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        }
        try queue.close()
        #expect(try refusal().contains("not a tripterm database: it holds another program's tables (contacts)"))
    }

    @Test func aFileThatIsNotSQLiteIsRefused() throws {
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 5000))
        #expect(try refusal().contains("not a SQLite database"))
    }

    @Test func aTruncatedDatabaseIsRefused() throws {
        try makeDatabase()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        let message = try refusal()
        #expect(message.contains("damaged: the file is truncated"), "\(message)")
        try data.prefix(60).write(to: URL(fileURLWithPath: path))
        #expect(try refusal().contains("shorter than SQLite's 100-byte header"))
    }

    @Test func randomBytesInAPageAreFound() throws {
        try makeDatabase()
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = 4096
        #expect(data.count >= 8 * pageSize, "enough pages: \(data.count)")
        var generator = SplitMix64(seed: 33)
        for offset in (3 * pageSize)..<(4 * pageSize) { data[offset] = UInt8.random(in: 0...255, using: &generator) }
        try data.write(to: URL(fileURLWithPath: path))
        let message = try refusal()
        #expect(message.contains("it is damaged"), "\(message)")
    }
}
