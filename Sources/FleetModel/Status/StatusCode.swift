/// The canonical gRPC status codes (`google.rpc.Code`) that Fleet Engine reports over both gRPC and REST.
public enum StatusCode: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case ok = 0
    case cancelled = 1
    case unknown = 2
    case invalidArgument = 3
    case deadlineExceeded = 4
    case notFound = 5
    case alreadyExists = 6
    case permissionDenied = 7
    case resourceExhausted = 8
    case failedPrecondition = 9
    case aborted = 10
    case outOfRange = 11
    case unimplemented = 12
    case `internal` = 13
    case unavailable = 14
    case dataLoss = 15
    case unauthenticated = 16

    /// The name as Google's error JSON spells it in `error.status`, e.g. `PERMISSION_DENIED`.
    public var name: String {
        switch self {
        case .ok: "OK"
        case .cancelled: "CANCELLED"
        case .unknown: "UNKNOWN"
        case .invalidArgument: "INVALID_ARGUMENT"
        case .deadlineExceeded: "DEADLINE_EXCEEDED"
        case .notFound: "NOT_FOUND"
        case .alreadyExists: "ALREADY_EXISTS"
        case .permissionDenied: "PERMISSION_DENIED"
        case .resourceExhausted: "RESOURCE_EXHAUSTED"
        case .failedPrecondition: "FAILED_PRECONDITION"
        case .aborted: "ABORTED"
        case .outOfRange: "OUT_OF_RANGE"
        case .unimplemented: "UNIMPLEMENTED"
        case .internal: "INTERNAL"
        case .unavailable: "UNAVAILABLE"
        case .dataLoss: "DATA_LOSS"
        case .unauthenticated: "UNAUTHENTICATED"
        }
    }

    public var description: String { name }

    public init?(name: String) {
        guard let code = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = code
    }

    /// The HTTP status Google's REST front ends answer with for this code (`google.rpc.Code` documentation).
    public var httpStatus: Int {
        switch self {
        case .ok: 200
        case .invalidArgument, .failedPrecondition, .outOfRange: 400
        case .unauthenticated: 401
        case .permissionDenied: 403
        case .notFound: 404
        case .alreadyExists, .aborted: 409
        case .resourceExhausted: 429
        case .cancelled: 499
        case .unknown, .internal, .dataLoss: 500
        case .unimplemented: 501
        case .unavailable: 503
        case .deadlineExceeded: 504
        }
    }

    /// The code for an HTTP status when the response body does not name one.
    ///
    /// Specific statuses follow `google.rpc.Code` (and Fleet Engine's error table); the rest fall back by range:
    /// another 4xx is the caller's problem (FAILED_PRECONDITION), another 5xx the server's (INTERNAL), and anything
    /// else — a 1xx/3xx a REST API never sends — is UNKNOWN.
    public init(httpStatus: Int) {
        switch httpStatus {
        case 200..<300: self = .ok
        case 400: self = .invalidArgument
        case 401: self = .unauthenticated
        case 403: self = .permissionDenied
        case 404: self = .notFound
        case 408: self = .deadlineExceeded
        case 409: self = .aborted
        case 412: self = .failedPrecondition
        case 416: self = .outOfRange
        case 429: self = .resourceExhausted
        case 499: self = .cancelled
        case 500: self = .internal
        case 501: self = .unimplemented
        case 502, 503: self = .unavailable
        case 504: self = .deadlineExceeded
        case 400..<500: self = .failedPrecondition
        case 500..<600: self = .internal
        default: self = .unknown
        }
    }

    /// Whether retrying the same request can succeed without anyone acting; see ``ErrorClass``.
    public var errorClass: ErrorClass {
        switch self {
        case .cancelled, .unknown, .deadlineExceeded, .aborted, .internal, .unavailable, .dataLoss, .ok:
            .recoverable
        case .invalidArgument, .notFound, .alreadyExists, .permissionDenied, .resourceExhausted,
            .failedPrecondition, .outOfRange, .unimplemented, .unauthenticated:
            .client
        }
    }
}
