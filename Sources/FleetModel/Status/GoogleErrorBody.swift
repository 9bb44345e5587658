import Foundation

/// The JSON error body Google's REST APIs answer with:
/// `{"error": {"code": 403, "message": "…", "status": "PERMISSION_DENIED"}}`.
public struct GoogleErrorBody: Codable, Hashable, Sendable {
    /// The HTTP status, repeated.
    public var code: Int
    public var message: String?
    /// The gRPC code name.
    public var status: String?

    public init(code: StatusCode, message: String) {
        self.code = code.httpStatus
        self.message = message
        self.status = code.name
    }

    private struct Envelope: Codable { var error: GoogleErrorBody }

    /// Parses a response body; nil when it is not Google's error shape (an HTML proxy page, say).
    public static func parse(_ data: some Sequence<UInt8>) -> GoogleErrorBody? {
        try? JSONDecoder().decode(Envelope.self, from: Data(data)).error
    }

    /// The body as JSON, wrapped in its `error` envelope.
    public func jsonData() -> Data {
        (try? JSONEncoder().encode(Envelope(error: self))) ?? Data()
    }
}
