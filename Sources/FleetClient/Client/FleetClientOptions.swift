import FleetModel

/// How a ``FleetEngineClient`` talks to its backend.
public struct FleetClientOptions: Sendable {
    /// How enums travel in bodies and query parameters.
    public enum EnumEncoding: Sendable, Hashable {
        /// Numbers, with `$alt=json;enum-encoding=int` on every request: what Google's generated REST clients send.
        case integers
        /// Names (`JOURNEY_SHARING_V1S`), proto3 JSON's canonical form, as in Google's curl examples.
        case names
    }

    /// The longest a call may take, from sending to the last byte of the response (Google's clients use 15 s).
    public var requestTimeout: Duration
    /// The largest response body accepted; a bigger one is a malformed-response error rather than a memory spike.
    public var maxResponseBytes: Int
    public var enumEncoding: EnumEncoding
    /// Sent as `header.*` query parameters when set (Fleet Engine wants at least `regionCode` from SDKs).
    public var requestHeader: RequestHeader?
    /// The role tokens are requested for.
    public var role: AuthTokenRole
    public var userAgent: String

    public init(
        requestTimeout: Duration = .seconds(15), maxResponseBytes: Int = 16 << 20,
        enumEncoding: EnumEncoding = .integers,
        requestHeader: RequestHeader? = nil, role: AuthTokenRole = .consumer, userAgent: String = "tripterm"
    ) {
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.enumEncoding = enumEncoding
        self.requestHeader = requestHeader
        self.role = role
        self.userAgent = userAgent
    }
}
