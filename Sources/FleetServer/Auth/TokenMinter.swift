import Foundation
import JWTKit

/// Signs Fleet Engine–shaped JWTs with the server's key: what `tripterm token` prints and what tests use.
public struct TokenMinter: Sendable {
    public static let defaultIssuer = "tripterm-server@localhost"
    /// The service account of read-only tokens. Fleet Engine grants roles to service accounts, not to claims, so a
    /// Fleet Reader's token has every claim `"*"` and its account's role makes it read-only; here the issuer does.
    public static let fleetReaderIssuer = "tripterm-fleet-reader@localhost"
    public let key: ServerKey
    public let issuer: String

    public init(key: ServerKey, issuer: String = TokenMinter.defaultIssuer) {
        self.key = key
        self.issuer = issuer
    }

    /// A token for `authorization`, issued at `now`, valid for `lifetime` (Fleet Engine allows at most one hour).
    public func mint(
        _ authorization: AuthorizationClaims, lifetime: Duration = .seconds(3600), now: Date = Date()
    ) async throws -> String {
        let seconds = Double(lifetime.components.seconds)
        // Whole seconds: Fleet Engine's iat and exp are integer NumericDates.
        let now = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let claims = FleetClaims(
            issuer: issuer, issuedAt: now, expiresAt: now.addingTimeInterval(seconds), authorization: authorization)
        return try await key.keyCollection().sign(claims, kid: JWKIdentifier(string: key.kid))
    }
}
