import FleetModel
import Foundation

/// One token for every call (`--token`). Its expiry is read from the JWT, so an expired token is reported as
/// such rather than as the server's bare 401.
public struct FixedTokenProvider: AuthTokenProvider {
    public let token: AuthToken
    private let now: @Sendable () -> Date

    public init(token: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.token = AuthToken(jwt: token)
        self.now = now
    }

    public func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        if let expiry = token.expiresAt, expiry <= now() {
            throw TripServiceError(
                code: .unauthenticated,
                message: "the --token JWT expired at \(ProtoTimestamp(expiry).rfc3339): pass a fresh one, or use --token-command or --token-url")
        }
        return token
    }
}
