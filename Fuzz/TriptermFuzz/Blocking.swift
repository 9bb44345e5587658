import Dispatch

/// Runs async work to completion from libFuzzer's synchronous callback (a thread outside Swift's cooperative pool,
/// so blocking it cannot starve the task it waits for).
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let result = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        result.value = await work()
        done.signal()
    }
    done.wait()
    return result.value!
}

/// Written by the task before the semaphore is signalled, read after the wait: the semaphore orders the two.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
