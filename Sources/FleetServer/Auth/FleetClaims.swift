import Foundation
import JWTKit

/// The claims of a Fleet Engine JWT (reference §7.1): issuer and subject (the service account), audience
/// `https://fleetengine.googleapis.com/`, issue and expiry times, and the `authorization` private claims that
/// scope the token to a trip or a vehicle (`"*"` for all).
public struct FleetClaims: JWTPayload, Equatable {
    public static let audience = "https://fleetengine.googleapis.com/"

    public var iss: IssuerClaim
    public var sub: SubjectClaim
    public var aud: AudienceClaim
    public var iat: IssuedAtClaim
    public var exp: ExpirationClaim
    public var authorization: AuthorizationClaims?

    public init(issuer: String, issuedAt: Date, expiresAt: Date, authorization: AuthorizationClaims) {
        iss = IssuerClaim(value: issuer)
        sub = SubjectClaim(value: issuer)
        aud = AudienceClaim(value: [Self.audience])
        iat = IssuedAtClaim(value: issuedAt)
        exp = ExpirationClaim(value: expiresAt)
        self.authorization = authorization
    }

    /// Signature checks only: the time and audience rules live in ``Authenticator/check(_:now:)`` so that they
    /// run against the server's clock and produce Fleet Engine's messages.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Fleet Engine's on-demand private claims. Other keys (the deliveries API's `taskid`, `trackingid`…) are ignored.
public struct AuthorizationClaims: Codable, Sendable, Equatable {
    public var tripid: String?
    public var vehicleid: String?

    public init(tripid: String? = nil, vehicleid: String? = nil) {
        self.tripid = tripid
        self.vehicleid = vehicleid
    }

    /// A backend's token: every trip and every vehicle (`ServerTokenClaims` in Google's Java library).
    public static let server = AuthorizationClaims(tripid: "*", vehicleid: "*")
}
