import Foundation

/// Blocking work — an `fsync`, waiting for a child process, a blocking read — run on a thread of its own and awaited,
/// so it never holds one of the few threads of Swift's cooperative pool (two on a two-core machine) that everything
/// else needs: the model's polls, an in-process server, the terminal's drawing.
public enum OwnThread {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}
