import Foundation

/// Threads of their own for the in-process tests whose outcome depends on the wall clock — a client's 30 s deadline
/// against a fault proxy — so that they are not queued behind every other suite's work on Swift's cooperative pool.
///
/// `swift test` starts every test at once, and the pool has as many threads as cores (two here): with all suites in
/// one run, whatever a test awaits waits behind some 40 CPU-seconds of other tests' debug-build work (seen: 500 tests
/// that each take milliseconds alone all finished at 19–20 s). Nothing blocks; the pool is just full. Jobs that
/// prefer this executor (``withDedicatedExecutor(_:)``, or `Task(executorPreference:)` as the fake servers take it)
/// run on its threads instead, which the kernel schedules beside the pool's.
public final class DedicatedExecutor: TaskExecutor {
    /// The executor the timed tests share: two threads, for the life of the test process.
    public static let timed = DedicatedExecutor(name: "tripterm.timed-tests", threads: 2)

    private let queue = JobQueue()

    private init(name: String, threads: Int) {
        for i in 0..<threads {
            let thread = Thread { [self] in
                let executor = asUnownedTaskExecutor()
                while true { queue.take().runSynchronously(on: executor) }
            }
            thread.name = "\(name)-\(i)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) { queue.put(UnownedJob(job)) }
}

/// The jobs waiting for a dedicated thread, first in first out.
private final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0

    func put(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func take() -> UnownedJob {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count { condition.wait() }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }
}

/// Runs `body` with its tasks preferring ``DedicatedExecutor/timed``: the body and its child tasks run on the
/// executor's threads, away from the cooperative pool.
public func withDedicatedExecutor<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(DedicatedExecutor.timed, operation: body)
}
