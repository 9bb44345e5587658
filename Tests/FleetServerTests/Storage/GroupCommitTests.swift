import FleetModel
import Foundation
import GRDB
import Testing

@testable import FleetServer

/// Group commit (``GroupCommit``): concurrent writes share transactions, each keeps its own outcome, and callers are
/// answered after the commit. Batches of chosen writes are made by holding the queue while they arrive.
@Suite struct GroupCommitTests {
    let path: String
    let store: FleetStore

    init() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tripterm-group-commit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("fleet.sqlite").path
        store = try FleetStore(path: path)
    }

    struct Refused: Error, Equatable {}

    static func name(_ id: String) throws -> VehicleName { try VehicleName(provider: "p", vehicleID: id) }

    /// A vehicle whose capacity marks the write that stored it.
    static func vehicle(_ id: String, capacity: Int32) throws -> Vehicle {
        Vehicle(name: try name(id).description, vehicleState: .online, maximumCapacity: capacity)
    }

    func createVehicles(_ ids: [String]) async throws {
        try await store.write { tx in
            for id in ids { _ = try tx.insert(try Self.vehicle(id, capacity: 1), as: try Self.name(id)) }
        }
    }

    /// `id`'s capacity as stored, read through a connection of its own.
    func storedCapacity(_ id: String, in store: FleetStore? = nil) async throws -> Int32? {
        try await (store ?? self.store).read { tx in try tx.vehicle(try Self.name(id))?.maximumCapacity }
    }

    /// Starts `body` as a write of its own and returns once it is queued: writes started this way while the queue
    /// is held form one batch, in the order started.
    func queued<T: Sendable>(
        _ body: @escaping @Sendable (FleetTransaction) throws -> T
    ) async -> Task<T, any Error> {
        let before = store.groupCommit.pendingCount
        let store = store
        let task = Task { try await store.write(body) }
        while store.groupCommit.pendingCount == before { await Task.yield() }
        return task
    }

    @Test func concurrentWritesShareOneTransactionAndAreAllAnsweredAfterIt() async throws {
        let ids = (0..<64).map { "v\($0)" }
        try await createVehicles(ids)
        let batchesBefore = store.groupCommit.committedBatches
        store.groupCommit.hold()
        let store = store
        let tasks = ids.enumerated().map { number, id in
            Task {
                try await store.write { tx in
                    try tx.replace(try Self.vehicle(id, capacity: Int32(10 + number)), as: try Self.name(id))
                    return number
                }
            }
        }
        while store.groupCommit.pendingCount < ids.count { await Task.yield() }
        store.groupCommit.release()
        for (number, task) in tasks.enumerated() { #expect(try await task.value == number) }
        #expect(store.groupCommit.committedBatches == batchesBefore + 1)

        // On disk: another store on the same file reads every write.
        let reopened = try FleetStore(path: path)
        for (number, id) in ids.enumerated() {
            #expect(try await storedCapacity(id, in: reopened) == Int32(10 + number))
        }
    }

    @Test func writersRacingFreelyAreAllDurableInFewerTransactionsThanWrites() async throws {
        let ids = (0..<64).map { "v\($0)" }
        try await createVehicles(ids)
        let batchesBefore = store.groupCommit.committedBatches
        let rounds = 5
        let store = store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in ids {
                group.addTask {
                    for round in 1...rounds {
                        try await store.write { tx in
                            try tx.replace(try Self.vehicle(id, capacity: Int32(round)), as: try Self.name(id))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let reopened = try FleetStore(path: path)
        for id in ids { #expect(try await storedCapacity(id, in: reopened) == Int32(rounds)) }
        #expect(store.groupCommit.committedBatches - batchesBefore < ids.count * rounds)
    }

    @Test func aFailingWriteRollsBackOnlyItsOwnChanges() async throws {
        try await createVehicles(["a", "b", "c"])
        let batchesBefore = store.groupCommit.committedBatches
        store.groupCommit.hold()
        let first = await queued { tx in try tx.replace(try Self.vehicle("a", capacity: 2), as: try Self.name("a")) }
        let failing = await queued { tx in
            try tx.replace(try Self.vehicle("b", capacity: 2), as: try Self.name("b"))
            _ = try tx.insert(try Self.vehicle("d", capacity: 2), as: try Self.name("d"))
            throw Refused()
        }
        let last = await queued { tx in try tx.replace(try Self.vehicle("c", capacity: 2), as: try Self.name("c")) }
        store.groupCommit.release()

        try await first.value
        await #expect(throws: Refused.self) { try await failing.value }
        try await last.value
        #expect(store.groupCommit.committedBatches == batchesBefore + 1)
        #expect(try await storedCapacity("a") == 2)
        #expect(try await storedCapacity("b") == 1)
        #expect(try await storedCapacity("d") == nil)
        #expect(try await storedCapacity("c") == 2)
    }

    @Test func theSearchIndexFollowsTheCommittedWritesInOrder() async throws {
        try await createVehicles(["a", "b"])
        _ = try await store.vehicleSearch(provider: "p")
        store.groupCommit.hold()
        let writes = [
            await queued { tx in try tx.replace(try Self.vehicle("a", capacity: 3), as: try Self.name("a")) },
            await queued { tx in try tx.replace(try Self.vehicle("a", capacity: 4), as: try Self.name("a")) },
            await queued { tx in
                try tx.replace(try Self.vehicle("a", capacity: 5), as: try Self.name("a"))
                try tx.deleteVehicle(try Self.name("b"))
                throw Refused()
            },
            await queued { tx in try tx.deleteVehicle(try Self.name("b")) },
            await queued { tx in _ = try tx.insert(try Self.vehicle("b", capacity: 6), as: try Self.name("b")) },
        ]
        store.groupCommit.release()
        for (number, write) in writes.enumerated() {
            if number == 2 {
                await #expect(throws: Refused.self) { try await write.value }
            } else {
                try await write.value
            }
        }

        let indexed = try #require(store.searchIndex.current(provider: "p")).allVehicles
        let capacities = Dictionary(uniqueKeysWithValues: indexed.map { ($0.name, $0.maximumCapacity) })
        let (a, b) = (try Self.name("a").description, try Self.name("b").description)
        #expect(capacities == [a: 4, b: 6])
        #expect(try await storedCapacity("a") == 4)
        #expect(try await storedCapacity("b") == 6)
    }

    @Test func aFailedCommitFailsEveryWriteOfTheBatchAndDropsItsIndexes() async throws {
        try await createVehicles(["a", "b"])
        _ = try await store.vehicleSearch(provider: "p")
        store.groupCommit.hold()
        let first = await queued { tx in try tx.replace(try Self.vehicle("a", capacity: 7), as: try Self.name("a")) }
        // A deferred foreign key violation passes the savepoint's release and fails the commit.
        let breaking = await queued { tx in
            try tx.db.execute(
                sql: """
                    CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TEMP TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
                    INSERT INTO child VALUES (1);
                    """)
        }
        let last = await queued { tx in try tx.replace(try Self.vehicle("b", capacity: 7), as: try Self.name("b")) }
        store.groupCommit.release()

        for write in [first, breaking, last] {
            let error = await #expect(throws: DatabaseError.self) { try await write.value }
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
        }
        #expect(try await storedCapacity("a") == 1)
        #expect(try await storedCapacity("b") == 1)
        #expect(store.searchIndex.current(provider: "p") == nil)

        // The writer goes on: the next write commits.
        try await store.write { tx in try tx.replace(try Self.vehicle("a", capacity: 8), as: try Self.name("a")) }
        #expect(try await storedCapacity("a") == 8)
    }

    /// Writes read an indexed provider's vehicles from memory (``LiveReads``), but a vehicle that a write earlier in
    /// the batch changed — or that the write itself changed — from the database, which has the batch's changes
    /// before they are committed; and a write that failed leaves nothing for the next one to read.
    @Test func writesInABatchReadTheBatchsOwnChanges() async throws {
        try await createVehicles(["a", "b"])
        _ = try await store.vehicleSearch(provider: "p")
        /// Adds `by` to `id`'s capacity as read inside the write, reading it twice when `twice` (after its own write).
        func add(_ by: Int32, to id: String, twice: Bool = false, fail: Bool = false) async -> Task<Int32, any Error> {
            await queued { tx in
                var vehicle = try #require(try tx.vehicle(try Self.name(id)))
                vehicle.maximumCapacity += by
                try tx.replace(vehicle, as: try Self.name(id))
                if fail { throw Refused() }
                return try #require(try twice ? tx.vehicle(try Self.name(id)) : vehicle).maximumCapacity
            }
        }
        store.groupCommit.hold()
        let first = await add(10, to: "a")
        let refused = await add(100, to: "b", fail: true)
        let second = await add(20, to: "a", twice: true)
        let third = await add(1, to: "b")
        store.groupCommit.release()
        #expect(try await first.value == 11)
        await #expect(throws: Refused.self) { try await refused.value }
        #expect(try await second.value == 31, "the second write read the first one's change, then its own")
        #expect(try await third.value == 2, "the refused write's change was rolled back")
        #expect(try await storedCapacity("a") == 31)
        #expect(try await storedCapacity("b") == 2)
        // The next batch reads them from memory, which followed the commit.
        #expect(store.searchIndex.vehicle(provider: "p", named: try Self.name("a").description)??.maximumCapacity == 31)
        #expect(try await store.write { tx in try tx.vehicle(try Self.name("a"))?.maximumCapacity } == 31)
    }
}
