import FleetModel
import Foundation

/// How a ``TripModel`` paces its polls.
///
/// Defaults follow the Consumer SDK: one poll every 5 s, measured from the end of the previous one. After a
/// recoverable failure the model retries sooner, backing off exponentially (1 s, 2 s, 4 s…) with ±20 % jitter,
/// capped at the poll interval so it notices a healed backend within one interval. After a client failure (bad
/// name, token, permission, quota) it keeps polling, but slowly — every 15 s by default — because nothing will
/// change until someone acts, and hammering a quota makes it worse. A server's `Retry-After` is always honoured
/// as a minimum.
public struct TripModelOptions: Sendable, Hashable {
    public var pollInterval: Duration
    public var initialBackoff: Duration
    public var backoffMultiplier: Double
    /// Upper bound of the recoverable backoff; nil means the poll interval.
    public var maximumBackoff: Duration?
    /// Jitter as a fraction: each backoff is scaled by a factor drawn from [1 − jitter, 1 + jitter].
    public var jitter: Double
    /// How often a client failure is retried.
    public var clientErrorRetryInterval: Duration
    /// Seed for the jitter; nil seeds from the system's randomness. Tests fix it to make delays reproducible.
    public var jitterSeed: UInt64?
    /// Whether the model stops for good once COMPLETE or CANCELED is delivered, as a rider's does. A replay of a
    /// vehicle's day turns it off: there, the next trip follows the one that ended.
    public var stopsWhenTripEnds = true

    public init(
        pollInterval: Duration = .seconds(5), initialBackoff: Duration = .seconds(1), backoffMultiplier: Double = 2,
        maximumBackoff: Duration? = nil, jitter: Double = 0.2, clientErrorRetryInterval: Duration = .seconds(15),
        jitterSeed: UInt64? = nil
    ) {
        self.pollInterval = pollInterval
        self.initialBackoff = initialBackoff
        self.backoffMultiplier = backoffMultiplier
        self.maximumBackoff = maximumBackoff
        self.jitter = jitter
        self.clientErrorRetryInterval = clientErrorRetryInterval
        self.jitterSeed = jitterSeed
    }

    /// Polls every `pace` and retries every failure, client ones included, at that pace (backoff starting at the
    /// lesser of `pace` and 1 s): the test-only pacing behind `rider`'s and `track`'s hidden `--poll-ms`.
    public static func paced(every pace: Duration) -> TripModelOptions {
        TripModelOptions(pollInterval: pace, initialBackoff: min(pace, .seconds(1)), clientErrorRetryInterval: pace)
    }

    /// The longest a recoverable failure is retried after, jitter included: ``maximumBackoff``, else the poll
    /// interval (but never below the initial backoff).
    public var backoffCap: Duration { maximumBackoff ?? max(pollInterval, initialBackoff) }

    /// The delay before retrying after `attempt` consecutive recoverable failures (1 for the first), before jitter.
    public func backoff(attempt: Int) -> Duration {
        let cap = backoffCap
        let scale = pow(backoffMultiplier, Double(max(0, attempt - 1)))
        let seconds = min(initialBackoff.inSeconds * scale, cap.inSeconds)
        return .seconds(seconds)
    }
}

extension TripModelOptions {
    /// How long to wait after `error`, the `consecutiveFailures`-th in a row: a jittered backoff for a recoverable
    /// failure, capped after the jitter too so a healed backend is noticed within one poll interval; the slow retry
    /// for a client failure; never less than the server's `Retry-After`. Every poller (trips, the fleet) uses it.
    public func retryDelay(
        after error: TripServiceError, consecutiveFailures: Int, using rng: inout SplitMix64
    ) -> Duration {
        var delay: Duration
        switch error.errorClass {
        case .recoverable:
            let base = backoff(attempt: consecutiveFailures).inSeconds
            let factor = 1 + jitter * (Double.random(in: -1...1, using: &rng))
            delay = min(.seconds(base * factor), backoffCap)
        case .client:
            delay = max(clientErrorRetryInterval, pollInterval)
        }
        if let retryAfter = error.retryAfter { delay = max(delay, retryAfter) }
        return delay
    }
}
