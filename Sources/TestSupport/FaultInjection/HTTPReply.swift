import Foundation

/// What a ``LoopbackHTTPServer`` answers: a well-formed response, or any of the ways a response can go wrong on
/// the wire. Everything lowers to ``wire(_:then:)``: bytes written as they are, then the connection kept, closed
/// or left hanging — which is what lets a test server produce the faults a real HTTP stack cannot be asked for.
public indirect enum HTTPReply: Sendable {
    /// What happens to the connection after the bytes are written.
    public enum Ending: Sendable, Hashable {
        /// Kept for the next request (HTTP/1.1 keep-alive).
        case keepAlive
        /// Closed at once: the client sees the body end early or no response at all.
        case close
        /// Nothing more is sent for this long (or until the server stops), then the connection is closed.
        case stall(Duration)
    }

    /// A complete JSON response.
    case json(status: Int = 200, String, headers: [String: String] = [:])
    /// Google's error JSON (`{"error": {"code", "message", "status"}}`).
    case googleError(status: Int, code: String, message: String, headers: [String: String] = [:])
    /// A complete response with any content type, e.g. a load balancer's HTML page.
    case raw(status: Int, contentType: String, body: String, headers: [String: String] = [:])
    /// Declares `declaredLength` bytes of JSON, sends `text`, then drops the connection.
    case truncated(String, declaredLength: Int)
    /// Waits, then answers.
    case delayed(Duration, HTTPReply)
    /// Bytes exactly as given, then `ending`.
    case wire([UInt8], then: Ending)

    /// The bytes to write and what to do afterwards; `delayed` is resolved by the server before this.
    var lowered: (bytes: [UInt8], ending: Ending) {
        switch self {
        case .json(let status, let text, let headers):
            return (
                Self.response(
                    status: status, contentType: "application/json", body: Array(text.utf8), headers: headers),
                .keepAlive
            )
        case .googleError(let status, let code, let message, let headers):
            return Self.json(
                status: status, GoogleErrorJSON.body(status: status, code: code, message: message), headers: headers
            ).lowered
        case .raw(let status, let contentType, let body, let headers):
            return (
                Self.response(status: status, contentType: contentType, body: Array(body.utf8), headers: headers),
                .keepAlive
            )
        case .truncated(let text, let declaredLength):
            return (
                Self.head(status: 200, contentType: "application/json", contentLength: declaredLength, headers: [:])
                    + Array(text.utf8), .close
            )
        case .delayed(_, let reply):
            return reply.lowered
        case .wire(let bytes, let ending):
            return (bytes, ending)
        }
    }

    /// A whole HTTP/1.1 response: status line, headers with `Content-Length`, body.
    public static func response(
        status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:]
    ) -> [UInt8] {
        head(status: status, contentType: contentType, contentLength: body.count, headers: headers) + body
    }

    /// A status line and headers declaring `contentLength` body bytes, up to the blank line; a `Date` header is
    /// added, as every HTTP server sends one, unless `headers` has it.
    public static func head(status: Int, contentType: String, contentLength: Int, headers: [String: String]) -> [UInt8]
    {
        var text =
            "HTTP/1.1 \(status) \(reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(contentLength)\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "date" }) { text += "Date: \(httpDate(Date()))\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 429: "Too Many Requests"
        case 499: "Client Closed Request"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}

/// Google's error body, as Fleet Engine's REST front end writes it.
enum GoogleErrorJSON {
    static func body(status: Int, code: String, message: String, retryDelay: String? = nil) -> String {
        let quoted = String(decoding: (try? JSONEncoder().encode(message)) ?? Data("\"\"".utf8), as: UTF8.self)
        let details =
            retryDelay.map {
                #", "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "\#($0)"}]"#
            } ?? ""
        return #"{"error": {"code": \#(status), "message": \#(quoted), "status": "\#(code)"\#(details)}}"#
    }
}
