import FleetModel
import Foundation

/// One token for every call (`--token`, `--token-file`, `TRIPTERM_TOKEN`). Its expiry is read from the JWT, so an
/// expired token is reported as such, naming where it was given, rather than as the server's bare 401.
public struct FixedTokenProvider: AuthTokenProvider {
    public let token: AuthToken
    /// Where the token was given, for the expiry message: `--token`, `--token-file PATH` or `TRIPTERM_TOKEN`.
    public let origin: String
    private let now: @Sendable () -> Date

    public init(token: String, origin: String = "--token", now: @escaping @Sendable () -> Date = { Date() }) {
        self.token = AuthToken(jwt: token)
        self.origin = origin
        self.now = now
    }

    public func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        if let expiry = token.expiresAt, expiry <= now() {
            throw TripServiceError(
                code: .unauthenticated,
                message: "the \(origin) JWT expired at \(ProtoTimestamp(expiry).rfc3339): "
                    + "pass a fresh one, or use --token-command or --token-url")
        }
        return token
    }
}
