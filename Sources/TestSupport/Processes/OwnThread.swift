import Foundation
import Testing
import TripFollowing

/// Runs blocking work (waiting for a child process or its output, `waitpid`, a blocking read) on a thread of its own,
/// so it never holds one of the few threads of Swift's cooperative pool (two on a two-core machine) that the
/// in-process servers of concurrent tests need.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await OwnThread.run(body)
}

/// The check that keeps blocking calls off the cooperative pool: the test helpers that block (`waitpid`, waiting for
/// a child, blocking reads) call it first, and it records an issue when it runs inside a task — that is, on a
/// cooperative thread — instead of on a thread of its own (``onOwnThread(_:)``).
public func assertNotOnCooperativePool(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let inTask = withUnsafeCurrentTask { $0 != nil }
    if inTask {
        Issue.record(
            "a blocking call (\(what)) ran on Swift's cooperative pool: use its async form or onOwnThread",
            sourceLocation: sourceLocation)
    }
}
