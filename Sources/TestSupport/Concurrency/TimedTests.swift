import FleetClient

extension ThreadExecutor {
    /// Threads of their own for the in-process tests whose outcome depends on the wall clock — a client's 30 s
    /// deadline against a fault proxy — so that they are not queued behind every other suite's work.
    ///
    /// `swift test` starts every test at once, and the cooperative pool has as many threads as cores (two here):
    /// with all suites in one run, whatever a test awaits waits behind some 40 CPU-seconds of other tests'
    /// debug-build work (seen: 500 tests that each take milliseconds alone all finished at 19–20 s). Nothing blocks;
    /// the pool is just full. Two threads, shared by the timed tests for the life of the test process.
    public static let timed = ThreadExecutor(name: "tripterm.timed-tests", threads: 2)
}

/// Runs `body` with its tasks preferring ``FleetClient/ThreadExecutor/timed``: the body and its child tasks run on
/// the executor's threads, away from the cooperative pool.
public func withDedicatedExecutor<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(ThreadExecutor.timed, operation: body)
}
