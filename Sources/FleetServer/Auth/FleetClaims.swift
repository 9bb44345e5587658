import Foundation
import JWTKit

/// The claims of a Fleet Engine JWT (reference §7.1): issuer and subject (the service account, whose role Fleet
/// Engine applies — a fleet reader's is read-only), audience
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

/// Fleet Engine's private claims: on-demand (`tripid`, `vehicleid`) and deliveries (`deliveryvehicleid`,
/// `taskid`, `taskids`, `trackingid`). Other keys are ignored.
public struct AuthorizationClaims: Codable, Sendable, Equatable {
    public var tripid: String?
    public var vehicleid: String?
    public var deliveryvehicleid: String?
    public var taskid: String?
    public var taskids: [String]?
    public var trackingid: String?

    public init(
        tripid: String? = nil, vehicleid: String? = nil, deliveryvehicleid: String? = nil, taskid: String? = nil,
        taskids: [String]? = nil, trackingid: String? = nil
    ) {
        self.tripid = tripid
        self.vehicleid = vehicleid
        self.deliveryvehicleid = deliveryvehicleid
        self.taskid = taskid
        self.taskids = taskids
        self.trackingid = trackingid
    }

    /// A backend's token: every trip and vehicle (`ServerTokenClaims` in Google's Java library), and every delivery
    /// vehicle, task and shipment (its Delivery Super User's `DeliveryServerTokenClaims`).
    public static let server = AuthorizationClaims(
        tripid: "*", vehicleid: "*", deliveryvehicleid: "*", taskid: "*", trackingid: "*")
}
