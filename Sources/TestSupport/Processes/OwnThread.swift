import Foundation

/// Runs blocking work (sleeps, waiting for a child process or its output) on a thread of its own, so it never holds
/// one of the few threads of Swift's cooperative pool that the in-process servers of concurrent tests need.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
