import GRDB

/// One caller's write waiting in ``GroupCommit``: run in the batch's transaction, then answered once the batch is
/// settled.
protocol PendingWrite: AnyObject, Sendable {
    /// Runs the write in a savepoint of its own, reading what it may from `live` and recording its events with
    /// `events`; its error if it threw (its changes, events included, are then rolled back).
    func run(in db: Database, live: LiveReads, events: EventRecorder?) -> (any Error)?
    /// What the write changed, if it ran and its savepoint was released.
    var committedChanges: StoreChanges? { get }
    /// The providers the write touched, whatever its outcome.
    var providers: Set<String> { get }
    /// The delivery vehicles and shipments the write touched, whatever its outcome (``DeliveryReadCache``).
    var deliveryKeys: DeliveryReadCache.Keys { get }
    /// Answers the caller: its result if the batch committed (nil), else the batch's error — or its own error
    /// either way if it failed on its own.
    func answer(batchError: (any Error)?)
}

/// A ``FleetStore/write(_:)`` call: its body, its continuation and its outcome.
///
/// Unchecked: `outcome` and `changes` are written in the writer's queue while the batch runs and read after
/// `pool.write` returns; GRDB hands the closure's end to the awaiting task, so the two never touch them at once.
final class BatchedWrite<T: Sendable>: PendingWrite, @unchecked Sendable {
    private let body: @Sendable (FleetTransaction) throws -> T
    private let continuation: CheckedContinuation<T, any Error>
    private let changes = StoreChanges()
    private var outcome: Result<T, any Error>?

    init(body: @escaping @Sendable (FleetTransaction) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func run(in db: Database, live: LiveReads, events: EventRecorder?) -> (any Error)? {
        do {
            var result: T?
            try db.inSavepoint {
                result = try body(FleetTransaction(db: db, changes: changes, live: live, events: events))
                return .commit
            }
            if let result { outcome = .success(result) }
            return nil
        } catch {
            outcome = .failure(error)
            return error
        }
    }

    var committedChanges: StoreChanges? {
        if case .success = outcome { changes } else { nil }
    }

    var providers: Set<String> { changes.providers }

    var deliveryKeys: DeliveryReadCache.Keys { changes.deliveryKeys }

    func answer(batchError: (any Error)?) {
        switch (outcome, batchError) {
        case (.failure(let own)?, _): continuation.resume(throwing: StorageFault.answer(for: own))
        case (_, let error?): continuation.resume(throwing: error)
        case (.success(let result)?, nil): continuation.resume(returning: result)
        case (nil, nil): preconditionFailure("a write answered before it ran")
        }
    }
}
