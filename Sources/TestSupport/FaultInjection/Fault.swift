import FleetModel

/// One way Fleet Engine (or the network in front of it) can fail a request, and the classified error the client
/// must turn it into (``expected``), per the table in ``ErrorClass``.
public enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// Google's error JSON with the code's HTTP status; `retryAfter` adds `Retry-After` (whole seconds) or a
    /// `google.rpc.RetryInfo` detail (anything finer).
    case status(StatusCode, message: String = "injected", retryAfter: Duration? = nil)
    /// An HTTP status with a load balancer's HTML page instead of Google's JSON: the code comes from the status.
    case bareStatus(Int)
    /// No response until the client gives up (the proxy holds the connection for its stall limit).
    case stall
    /// The status line, headers and half the real body, then nothing.
    case stallMidBody
    /// The connection is closed once the request is read, before any response.
    case closeBeforeResponse
    /// The status line, headers and half the real body, then the connection is closed.
    case closeMidBody
    /// A complete 200 response whose JSON body is the real one cut in half.
    case truncatedJSON
    /// A complete 200 response with an HTML body.
    case nonJSON
    /// Bytes that are not HTTP at all.
    case garbage

    /// Every code Fleet Engine can answer with (all of `google.rpc.Code` but OK), the bare statuses load
    /// balancers and proxies send, and each way the transport can break.
    public static let catalogue: [Fault] =
        StatusCode.allCases.filter { $0 != .ok }.map { .status($0, message: "injected \($0.name)") }
        + [
            .status(.resourceExhausted, message: "quota", retryAfter: .zero),
            .status(.unavailable, message: "restarting", retryAfter: .milliseconds(40)),
        ]
        + [400, 401, 403, 404, 408, 429, 500, 502, 503, 504].map { .bareStatus($0) }
        + [.stall, .stallMidBody, .closeBeforeResponse, .closeMidBody, .truncatedJSON, .nonJSON, .garbage]

    /// Whether the proxy needs the real response to build this fault.
    var needsUpstream: Bool { self == .stallMidBody || self == .closeMidBody || self == .truncatedJSON }

    /// What the client must report for this fault.
    public var expected: FaultExpectation {
        switch self {
        case .status(let code, let message, let retryAfter):
            FaultExpectation(code: code, httpStatus: code.httpStatus, message: message, retryAfter: retryAfter)
        case .bareStatus(let status):
            FaultExpectation(code: StatusCode(httpStatus: status), httpStatus: status)
        case .stall, .stallMidBody:
            FaultExpectation(code: TransportFailure.timedOut.statusCode)
        case .closeBeforeResponse, .closeMidBody, .garbage:
            FaultExpectation(code: TransportFailure.connectionReset.statusCode)
        case .truncatedJSON, .nonJSON:
            FaultExpectation(code: TransportFailure.malformedResponse.statusCode, httpStatus: 200)
        }
    }

    public var description: String {
        switch self {
        case .status(let code, _, let retryAfter):
            "\(code.httpStatus) \(code.name)" + (retryAfter.map { " retry-after \($0)" } ?? "")
        case .bareStatus(let status): "bare \(status)"
        case .stall: "stall"
        case .stallMidBody: "stall mid-body"
        case .closeBeforeResponse: "close before response"
        case .closeMidBody: "close mid-body"
        case .truncatedJSON: "truncated JSON"
        case .nonJSON: "non-JSON body"
        case .garbage: "garbage"
        }
    }
}

/// The classified error a fault must produce: code and class always; HTTP status, message and `Retry-After`
/// when the fault carries them.
public struct FaultExpectation: Sendable, Hashable, CustomStringConvertible {
    public var code: StatusCode
    public var httpStatus: Int?
    public var message: String?
    public var retryAfter: Duration?

    public init(code: StatusCode, httpStatus: Int? = nil, message: String? = nil, retryAfter: Duration? = nil) {
        self.code = code
        self.httpStatus = httpStatus
        self.message = message
        self.retryAfter = retryAfter
    }

    public var errorClass: ErrorClass { code.errorClass }

    /// Whether `error` is what this fault should have produced; the mismatch, described, when it is not.
    public func mismatch(_ error: TripServiceError) -> String? {
        var problems: [String] = []
        if error.code != code { problems.append("code \(error.code.name), expected \(code.name)") }
        if error.errorClass != errorClass { problems.append("class \(error.errorClass), expected \(errorClass)") }
        if let httpStatus, error.httpStatus != httpStatus {
            problems.append("HTTP \(error.httpStatus.map(String.init) ?? "-"), expected \(httpStatus)")
        }
        if let message, error.message != message {
            problems.append("message \"\(error.message)\", expected \"\(message)\"")
        }
        if error.retryAfter != retryAfter {
            problems.append(
                "retry-after \(error.retryAfter.map { "\($0)" } ?? "-"), expected \(retryAfter.map { "\($0)" } ?? "-")")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    public var description: String { "\(code.name) (\(errorClass))" }
}
