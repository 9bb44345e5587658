/// A classified failure of a Fleet Engine call, carrying what a program needs to retry and a person needs to act.
public struct TripServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: StatusCode
    public var message: String
    /// The HTTP status, when the failure came from an HTTP response.
    public var httpStatus: Int?
    /// How long the server asked the client to wait (`Retry-After`), when it did.
    public var retryAfter: Duration?
    /// Set for failures below HTTP (connection refused, timeout…).
    public var transport: TransportFailure?

    public init(
        code: StatusCode, message: String, httpStatus: Int? = nil, retryAfter: Duration? = nil,
        transport: TransportFailure? = nil
    ) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
        self.transport = transport
    }

    /// A failure below HTTP.
    public init(transport: TransportFailure, message: String? = nil) {
        self.init(code: transport.statusCode, message: message ?? transport.rawValue, transport: transport)
    }

    /// A failure from an HTTP response: the code comes from Google's error body when it names one (`error.status`),
    /// else from the HTTP status.
    public init(httpStatus: Int, body: GoogleErrorBody?, retryAfter: Duration? = nil) {
        let code = body?.status.flatMap(StatusCode.init(name:)) ?? StatusCode(httpStatus: httpStatus)
        let message = body?.message ?? "HTTP \(httpStatus)"
        self.init(code: code, message: message, httpStatus: httpStatus, retryAfter: retryAfter)
    }

    /// A trip or vehicle name rejected before any request was sent.
    public init(invalidName error: any Error) {
        self.init(code: .invalidArgument, message: "\(error)")
    }

    public var errorClass: ErrorClass { transport != nil ? .recoverable : code.errorClass }

    /// One line telling a person what to do about it.
    public var hint: String {
        switch code {
        case .invalidArgument: "check the trip name: it must look like providers/{provider}/trips/{trip}"
        case .notFound: "no such trip: check the provider and trip id, or the trip was deleted"
        case .alreadyExists: "the id is taken: choose another"
        case .failedPrecondition, .outOfRange: "the request does not fit the trip's current state"
        case .permissionDenied: "the token does not allow this: it must be for this trip (or vehicle) and role"
        case .unauthenticated: "the token is missing, expired or not signed by the server's key: get a new one"
        case .resourceExhausted: "quota exceeded: wait, poll less often, or raise the quota"
        case .unimplemented: "the backend does not serve this API: check the backend URL"
        case .cancelled, .deadlineExceeded, .unavailable, .aborted:
            "the server or network is unavailable: retrying automatically"
        case .unknown, .internal, .dataLoss: "the server failed: retrying automatically"
        case .ok: "no action needed"
        }
    }

    /// `UNAVAILABLE (recoverable): connection refused`.
    public var description: String { "\(code.name) (\(errorClass)): \(message)" }
}
