import NIOConcurrencyHelpers

/// A value behind a lock that escaping closures can share (a `Mutex` itself cannot be captured by them).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: NIOLockedValueBox<Value>
    init(_ value: Value) { mutex = NIOLockedValueBox(value) }
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLockedValue { body(&$0) } }
}
