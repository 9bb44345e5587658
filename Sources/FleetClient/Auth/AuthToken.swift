import Foundation

/// A bearer token and, when known, when it stops being valid.
public struct AuthToken: Hashable, Sendable {
    public var value: String
    /// From the provider's `expiresInSeconds`, or the JWT's `exp` claim; nil when unknown.
    public var expiresAt: Date?

    public init(value: String, expiresAt: Date? = nil) {
        self.value = value
        self.expiresAt = expiresAt
    }

    /// A token whose expiry is read from its JWT `exp` claim (nil for a token that is not a JWT).
    public init(jwt value: String) {
        self.init(value: value, expiresAt: JWTClaims.expiry(of: value))
    }
}
