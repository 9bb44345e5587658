import Foundation

/// A request as a ``LoopbackHTTPServer`` received it.
public struct ReceivedRequest: Sendable {
    public var method: String
    public var path: String
    /// The raw query string, as sent (still percent-encoded); empty when there is none.
    public var query: String
    /// Header names lower-cased; a repeated header keeps its last value.
    public var headers: [String: String]
    public var body: String

    public init(method: String, path: String, query: String, headers: [String: String], body: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The path and query, as in the request line.
    public var uri: String { query.isEmpty ? path : path + "?" + query }
    public var authorization: String? { headers["authorization"] }
}
