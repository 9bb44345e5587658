import FleetModel
import Foundation

/// Wraps a provider so each trip's (or vehicle's) token is fetched once and reused until shortly before it
/// expires — a margin of `refreshMargin`, or half the token's lifetime if that is shorter — and so that callers
/// asking at the same time share one fetch instead of each running the token command.
///
/// ``invalidate(_:)`` drops the cached token (the client calls it on a 401), so the next call fetches a new one.
/// Failures are not cached: the next call tries again.
public actor CachingTokenProvider: AuthTokenProvider {
    public nonisolated let base: any AuthTokenProvider
    public nonisolated let refreshMargin: Duration
    private let now: @Sendable () -> Date

    private struct Entry {
        var token: AuthToken
        /// When the token should be replaced; nil for a token without a known expiry.
        var refreshAt: Date?
    }

    private var cache: [AuthTokenContext: Entry] = [:]
    private var inFlight: [AuthTokenContext: (id: UInt64, task: Task<AuthToken, any Error>)] = [:]
    private var nextFetchID: UInt64 = 0
    /// Fetches made from the wrapped provider.
    public private(set) var fetchCount = 0

    public init(
        _ base: any AuthTokenProvider, refreshMargin: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.refreshMargin = refreshMargin
        self.now = now
    }

    public func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        if let entry = cache[context], entry.refreshAt.map({ now() < $0 }) ?? true { return entry.token }
        let fetch: (id: UInt64, task: Task<AuthToken, any Error>)
        if let running = inFlight[context] {
            fetch = running
        } else {
            nextFetchID += 1
            fetchCount += 1
            let base = base
            fetch = (nextFetchID, Task { try await base.token(for: context) })
            inFlight[context] = fetch
        }
        let result = await fetch.task.result
        // Only the first waiter to resume files the result, and only if no invalidate() came in between.
        if inFlight[context]?.id == fetch.id {
            inFlight[context] = nil
            if case .success(let token) = result { store(token, for: context) }
        }
        switch result {
        case .success(let token): return token
        case .failure(let error): throw TripServiceError.classifyingToken(error, context: context)
        }
    }

    public func invalidate(_ context: AuthTokenContext) async {
        cache[context] = nil
        inFlight[context] = nil
        await base.invalidate(context)
    }

    private func store(_ token: AuthToken, for context: AuthTokenContext) {
        let fetchedAt = now()
        guard let expiry = token.expiresAt else {
            cache[context] = Entry(token: token, refreshAt: nil)
            return
        }
        let lifetime = expiry.timeIntervalSince(fetchedAt)
        guard lifetime > 0 else { return }  // already expired: hand it out once, never reuse it
        let margin = min(refreshMargin.inSeconds, lifetime / 2)
        cache[context] = Entry(token: token, refreshAt: expiry.addingTimeInterval(-margin))
    }
}

extension TripServiceError {
    /// A provider's failure as thrown (it should already be a ``TripServiceError``), else an UNAUTHENTICATED one.
    static func classifyingToken(_ error: any Error, context: AuthTokenContext) -> TripServiceError {
        if let error = error as? TripServiceError { return error }
        if error is CancellationError { return TripServiceError(code: .cancelled, message: "token fetch cancelled") }
        return TripServiceError(code: .unauthenticated, message: "could not get a token for \(context): \(error)")
    }
}
