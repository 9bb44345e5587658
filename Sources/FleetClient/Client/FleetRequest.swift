import Foundation

/// One REST call as it goes on the wire: method, path under the base URL, query parameters and JSON body.
public struct FleetRequest: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public var method: Method
    /// Already percent-encoded, e.g. `/v1/providers/p/trips/t`.
    public var path: String
    public var query: QueryEncoding
    public var body: Data?

    public init(method: Method, path: String, query: QueryEncoding = QueryEncoding(), body: Data? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }

    /// `/v1/providers/{provider}/{collection}` with each segment percent-encoded.
    static func path(provider: String, collection: String, id: String? = nil) -> String {
        var path = "/v1/providers/" + QueryEncoding.escape(provider) + "/" + collection
        if let id { path += "/" + QueryEncoding.escape(id) }
        return path
    }
}

/// A decoded response and what the HTTP exchange said about it.
public struct FleetResponse<Message: Sendable>: Sendable {
    public var message: Message
    public var httpStatus: Int
    /// The response's `Date` header: when the server produced it (to the second).
    public var serverDate: Date?

    public init(message: Message, httpStatus: Int, serverDate: Date?) {
        self.message = message
        self.httpStatus = httpStatus
        self.serverDate = serverDate
    }
}
