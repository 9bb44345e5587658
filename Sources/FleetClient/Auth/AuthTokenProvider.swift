import FleetModel

/// Supplies the JWT a Fleet Engine request is authorised with, as the Driver SDK's `AuthTokenFactory` and the
/// Consumer SDK's `GMTCAuthorization` do: the client asks for a token for each call's trip or vehicle, and asks
/// once more, after ``invalidate(_:)``, when the server answers 401.
///
/// ```swift
/// let tokens = CachingTokenProvider(CommandTokenProvider(command: "tripterm token --trip t-1"))
/// let client = try FleetEngineClient(baseURL: "http://127.0.0.1:8787", tokenProvider: tokens, httpClient: http)
/// ```
///
/// Failures are thrown as classified ``TripServiceError``s: a broken token source is a client-class error (someone
/// must fix it), an unreachable one recoverable.
public protocol AuthTokenProvider: Sendable {
    /// A token for `context`; may be cached.
    func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken
    /// Forgets any cached token for `context`, because the server rejected it.
    func invalidate(_ context: AuthTokenContext) async
}

extension AuthTokenProvider {
    public func invalidate(_ context: AuthTokenContext) async {}
}

/// What a token is for: the trip or vehicle a call touches and the caller's role, so a provider can mint a token
/// with the matching `authorization` claims (`tripid`, `vehicleid`).
public struct AuthTokenContext: Hashable, Sendable, CustomStringConvertible {
    public var tripID: String?
    public var vehicleID: String?
    /// A shipment's tracking id, for a Deliveries API consumer's token.
    public var trackingID: String?
    public var role: AuthTokenRole

    public init(tripID: String? = nil, vehicleID: String? = nil, trackingID: String? = nil, role: AuthTokenRole) {
        self.tripID = tripID
        self.vehicleID = vehicleID
        self.trackingID = trackingID
        self.role = role
    }

    /// `consumer trip t-1`, for error messages.
    public var description: String {
        var parts = [role.rawValue]
        if let tripID { parts.append("trip \(tripID)") }
        if let vehicleID { parts.append("vehicle \(vehicleID)") }
        if let trackingID { parts.append("shipment \(trackingID)") }
        return parts.joined(separator: " ")
    }
}

/// Which Fleet Engine role a token is for, named after the IAM roles: a rider's app holds a Consumer SDK User
/// token for its trip, a driver's a Driver SDK User token for its vehicle, a backend a server token.
public enum AuthTokenRole: String, Sendable, Hashable, CaseIterable {
    case consumer
    case driver
    case server
}
