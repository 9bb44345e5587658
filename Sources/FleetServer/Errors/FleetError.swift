import FleetModel
import HTTPTypes

/// A request that fails with a gRPC status, answered in Google's JSON error shape
/// (`{"error":{"code":400,"message":"…","status":"INVALID_ARGUMENT"}}`).
///
/// Every failure inside the server becomes one of these before it reaches the wire, so clients see the same
/// codes and HTTP statuses Fleet Engine would send them. How it is written as a response is
/// `FleetError+HTTPResponseError.swift`.
public struct FleetError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: StatusCode
    public var message: String
    /// The HTTP status when it is not the code's usual one (413 for an oversized body, 405 for a wrong method).
    public var httpStatus: Int
    /// The methods the path does take, for a 405's `Allow` header; empty for every other error.
    public var allowedMethods: [HTTPRequest.Method]

    public init(
        _ code: StatusCode, _ message: String, httpStatus: Int? = nil, allowedMethods: [HTTPRequest.Method] = []
    ) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus ?? code.httpStatus
        self.allowedMethods = allowedMethods
    }

    public var description: String { "\(code.name): \(message)" }

    /// The response body.
    public var body: GoogleErrorBody {
        var body = GoogleErrorBody(code: code, message: message)
        body.code = httpStatus
        return body
    }

    public static func invalidArgument(_ message: String) -> FleetError { FleetError(.invalidArgument, message) }
    public static func notFound(_ message: String) -> FleetError { FleetError(.notFound, message) }
    public static func failedPrecondition(_ message: String) -> FleetError { FleetError(.failedPrecondition, message) }
    public static func permissionDenied(_ message: String) -> FleetError { FleetError(.permissionDenied, message) }
    public static func unauthenticated(_ message: String) -> FleetError { FleetError(.unauthenticated, message) }

    /// The resource name `build` makes, or INVALID_ARGUMENT saying what is wrong with its ids: how paths and request
    /// fields become names, for every kind.
    public static func checkingName<N: FleetResourceName>(_ build: () throws(NameError) -> N) throws(FleetError) -> N {
        do { return try build() } catch { throw .invalidArgument(error.description) }
    }

    /// A known path called with a method it does not take: 405 UNIMPLEMENTED, with the methods it does take.
    public static func methodNotAllowed(
        _ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]
    ) -> FleetError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return FleetError(
            .unimplemented, "Method \(method.rawValue) is not allowed on \(path); allowed: \(names).", httpStatus: 405,
            allowedMethods: allowed)
    }

    /// A request body that is not the message it should be, naming the field as Google's front ends do.
    public static func invalidBody(_ error: ProtoJSONError, in message: String) -> FleetError {
        let prefix = message.isEmpty ? "" : message + "."
        let field = error.path.isEmpty ? "" : " at \"\(prefix)\(error.path)\""
        return .invalidArgument("Invalid JSON payload received\(field): \(error.message)")
    }
}
