import Foundation

/// A task executor with threads of its own, for work whose outcome hangs on the wall clock and so must not wait its
/// turn on Swift's cooperative pool.
///
/// The pool has as many threads as cores. Nothing in tripterm blocks it, but it can be full — a large fleet being
/// drawn, every test suite at once — and a job that is ready then waits behind the others. For most work that only
/// delays it; for a child process started with a timeout it changes the answer (seen: a token command's 1 s timeout
/// was armed only after the pool freed up, by which time the command had run 30 s and finished). Jobs preferring
/// this executor (`withTaskExecutorPreference`, `Task(executorPreference:)`) run on its threads, which the kernel
/// schedules beside the pool's.
public final class ThreadExecutor: TaskExecutor {
    private let queue = JobQueue()

    /// Starts `threads` threads named `name-0`, `name-1`…, which live as long as the process.
    public init(name: String, threads: Int) {
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

/// The jobs waiting for a thread, first in first out.
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
