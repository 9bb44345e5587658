import Foundation
import NIOConcurrencyHelpers

/// A wall clock that moves only when a test moves it, for a server whose answers depend on the second (the answer
/// cache is refreshed at the turn of each) or on a token's expiry: two requests meant to fall in one second do, on
/// however loaded a machine, and a token expires without the test sleeping.
///
/// ```swift
/// let clock = StoppedClock()
/// try await withTestServer(clock: clock) { server in
///     …                        // every request sees the same second
///     clock.advance(by: 4)     // a 3 s token has expired
/// }
/// ```
public final class StoppedClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    /// Stopped at `start`: by default now, so that tokens minted in real time are current on the server.
    public init(_ start: Date = Date()) { current = NIOLockedValueBox(start) }

    public var now: Date { current.withLockedValue { $0 } }

    public func advance(by seconds: TimeInterval) { current.withLockedValue { $0.addTimeInterval(seconds) } }

    /// The clock as a server configuration takes it.
    public var reading: @Sendable () -> Date { { [self] in now } }
}
