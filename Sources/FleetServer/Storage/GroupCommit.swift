import GRDB
import Logging
import NIOConcurrencyHelpers

/// Group commit: writes that arrive together share one SQLite transaction, so one fsync — with
/// `synchronous = FULL` the fsync is the cost of a write, and an fsync per request capped UpdateVehicle at about
/// 2,000 a second whatever the number of drivers.
///
/// The first write to arrive while no batch runs starts one; it takes everything queued at that moment (at most
/// ``maximumBatch``), and whatever arrives meanwhile waits for the next. Each write runs in a savepoint of its own,
/// so a write that throws rolls back only its own changes. Callers are answered only after the batch commits: an
/// answered write is durable as before. If the batch's transaction fails (the commit, or SQLite rolling it back on
/// its own after an I/O error), every write of the batch gets that error, except those that had already failed on
/// their own, which keep their own error.
///
/// The search index follows the committed writes in commit order: their changes are applied after the commit,
/// still in the writer's queue, before any later transaction. A failed batch drops its providers' indexes instead
/// (a commit error can hide a commit that happened). So between batches the index is what the database holds, and
/// the writes of a batch read their vehicles from it (``LiveReads``). What delivery reads derived is forgotten the
/// same way (``DeliveryReadCache``): a committed write's after the commit, a failed batch's whatever its writes did.
///
/// A fault of the machine (a full disk, an I/O error) fails the batch's writes with UNAVAILABLE saying so
/// (``StorageFault``), logged once when it begins and once when writes succeed again.
final class GroupCommit: Sendable {
    /// Writes in one transaction at most: bounds how long a batch holds the writer and its callers wait.
    static let maximumBatch = 256

    private struct Queue {
        var pending: [any PendingWrite] = []
        /// A batch is under way (its task takes the next one when it is done).
        var running = false
        /// Tests only: writes queue up without a batch starting (``hold()``).
        var held = false
        var committedBatches = 0
        /// The machine's fault the last batch failed on, until a batch commits again.
        var fault: String?
    }

    private let pool: DatabasePool
    private let index: SearchIndex
    private let deliveryReads: DeliveryReadCache
    /// Given to every write when events are on.
    private let events: EventRecorder?
    private let logger: Logger
    private let queue = NIOLockedValueBox(Queue())

    init(
        pool: DatabasePool, index: SearchIndex, deliveryReads: DeliveryReadCache,
        events: EventRecorder? = nil, logger: Logger
    ) {
        self.pool = pool
        self.index = index
        self.deliveryReads = deliveryReads
        self.events = events
        self.logger = logger
    }

    /// Queues `write` for the next batch, starting one if none is under way; `write` answers its caller.
    func submit(_ write: any PendingWrite) {
        let start = queue.withLockedValue { queue in
            queue.pending.append(write)
            guard !queue.running, !queue.held else { return false }
            queue.running = true
            return true
        }
        if start { Task { await self.drain() } }
    }

    /// Batches committed so far (each one transaction and one fsync), for tests.
    var committedBatches: Int { queue.withLockedValue { $0.committedBatches } }

    /// Writes waiting for a batch, for tests.
    var pendingCount: Int { queue.withLockedValue { $0.pending.count } }

    /// Tests only: later writes wait, without a batch starting, until ``release()``; so a test can make a batch of
    /// chosen writes in a chosen order.
    func hold() { queue.withLockedValue { $0.held = true } }

    func release() {
        let start = queue.withLockedValue { queue in
            queue.held = false
            guard !queue.running, !queue.pending.isEmpty else { return false }
            queue.running = true
            return true
        }
        if start { Task { await self.drain() } }
    }

    private func drain() async {
        while let batch = nextBatch() {
            await commit(batch)
        }
    }

    /// The writes queued now, up to ``maximumBatch``; nil (and no batch running) when there are none.
    private func nextBatch() -> [any PendingWrite]? {
        queue.withLockedValue { queue in
            guard !queue.pending.isEmpty, !queue.held else {
                queue.running = false
                return nil
            }
            let count = min(queue.pending.count, Self.maximumBatch)
            let batch = Array(queue.pending.prefix(count))
            queue.pending.removeFirst(count)
            return batch
        }
    }

    private func commit(_ batch: [any PendingWrite]) async {
        let (index, deliveryReads, events) = (index, deliveryReads, events)
        do {
            let fault = try await pool.writeWithoutTransaction { db -> String? in
                var fault: String?
                try db.inTransaction {
                    var changed = Set<String>()
                    var vansChanged = Set<String>()
                    for write in batch {
                        let live = LiveReads(
                            index: index, changedInBatch: changed, deliveryReads: deliveryReads,
                            vansChangedInBatch: vansChanged)
                        let error = write.run(in: db, live: live, events: events)
                        if let error = error as? DatabaseError, let what = StorageFault.describe(error) { fault = what }
                        if let error, !db.isInsideTransaction {
                            // SQLite ended the transaction itself (SQLITE_FULL, SQLITE_IOERR…): the writes before
                            // this one are gone with it.
                            throw error
                        }
                        if let changes = write.committedChanges {
                            changed.formUnion(changes.vehicleNames)
                            vansChanged.formUnion(changes.deliveryKeys.allVans)
                        }
                    }
                    return .commit
                }
                // Committed, and still in the writer's queue: the index follows the commits in order.
                for write in batch {
                    guard let changes = write.committedChanges else { continue }
                    index.apply(changes)
                    deliveryReads.forget(changes.deliveryKeys)
                }
                return fault
            }
            queue.withLockedValue { $0.committedBatches += 1 }
            note(fault: fault)
            for write in batch { write.answer(batchError: nil) }
        } catch {
            index.forget(batch.reduce(into: Set<String>()) { $0.formUnion($1.providers) })
            // Whether or not they committed: nothing of them is kept, not even a report's new row.
            let touched = batch.reduce(into: DeliveryReadCache.Keys()) { $0.formUnion($1.deliveryKeys) }
            deliveryReads.forget(.init(vans: touched.allVans, shipments: touched.shipments))
            note(fault: (error as? DatabaseError).flatMap(StorageFault.describe))
            let answer = StorageFault.answer(for: error)
            for write in batch { write.answer(batchError: answer) }
        }
    }

    /// Logs a fault of the machine when it begins, and when a batch commits without one again.
    private func note(fault: String?) {
        let was = queue.withLockedValue { queue in
            defer { queue.fault = fault }
            return queue.fault
        }
        if let fault, was == nil {
            logger.error(
                "the database cannot be written: writes fail with UNAVAILABLE until this is mended",
                metadata: ["cause": "\(fault)"])
        } else if fault == nil, let was {
            logger.notice("the database takes writes again", metadata: ["was": "\(was)"])
        }
    }
}
