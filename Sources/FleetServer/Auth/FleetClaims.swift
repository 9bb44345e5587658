import FleetModel
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

extension FleetClaims {
    /// The claims of a token's payload as read from a ``JSONTape`` — the same as jwt-kit's `JSONDecoder` reads them
    /// (dates in seconds since 1970, `aud` a string or an array of strings, the authorization claims optional and
    /// null as absent, other members ignored), for the fast path's new tokens (``Authenticator``). Throws on
    /// anything else — a member of another type, a name twice or escaped (the tape's miss) — and jwt-kit then reads
    /// or refuses the token.
    init(tape object: JSONTapeValue) throws {
        func string(_ name: String) throws -> String {
            guard let text = try object.member(name)?.string() else { throw ProtoDirectDecodingMiss() }
            return text
        }
        func date(_ name: String) throws -> Date {
            guard let value = try object.member(name), value.kind == .number, let seconds = value.double(),
                seconds.isFinite
            else { throw ProtoDirectDecodingMiss() }
            return Date(timeIntervalSince1970: seconds)
        }
        let audience: [String]
        switch try object.member("aud") {
        case let value? where value.kind == .string: audience = [value.string() ?? ""]
        case let value?: audience = try value.strings()
        case nil: throw ProtoDirectDecodingMiss()
        }
        iss = IssuerClaim(value: try string("iss"))
        sub = SubjectClaim(value: try string("sub"))
        aud = AudienceClaim(value: audience)
        iat = IssuedAtClaim(value: try date("iat"))
        exp = ExpirationClaim(value: try date("exp"))
        switch try object.member("authorization") {
        case nil: authorization = nil
        case let value? where value.isNull: authorization = nil
        case let value?: authorization = try AuthorizationClaims(tape: value)
        }
    }
}

extension AuthorizationClaims {
    /// The private claims from a ``JSONTape`` object, as `JSONDecoder` reads them (see ``FleetClaims/init(tape:)``).
    init(tape object: JSONTapeValue) throws {
        guard object.isObject else { throw ProtoDirectDecodingMiss() }
        func string(_ name: String) throws -> String? {
            guard let value = try object.member(name), !value.isNull else { return nil }
            guard let text = value.string() else { throw ProtoDirectDecodingMiss() }
            return text
        }
        var taskIDs: [String]?
        if let value = try object.member("taskids"), !value.isNull { taskIDs = try value.strings() }
        self.init(
            tripid: try string("tripid"), vehicleid: try string("vehicleid"),
            deliveryvehicleid: try string("deliveryvehicleid"), taskid: try string("taskid"), taskids: taskIDs,
            trackingid: try string("trackingid"))
    }
}

extension JSONTapeValue {
    /// An array of strings, as `JSONDecoder` reads `[String]`; throws on anything else.
    fileprivate func strings() throws -> [String] {
        guard let elements = elements() else { throw ProtoDirectDecodingMiss() }
        return try elements.map { element in
            guard let text = element.string() else { throw ProtoDirectDecodingMiss() }
            return text
        }
    }
}
