import AsyncHTTPClient
import FleetModel
import Foundation
import NIOCore

/// Gets tokens from an HTTP endpoint (`--token-url`), as a rider app asks its backend: `GET url` answered with
/// `{"token": "…", "expiresInSeconds": 3600}` (or a bare token).
///
/// The context travels in the URL: `{tripId}`, `{vehicleId}`, `{trackingId}` and `{role}` placeholders are replaced when the URL
/// has them (`https://example.com/token/consumer/{tripId}`, as Google's sample token servers are laid out);
/// otherwise `tripId`, `vehicleId` and `trackingId` are added as query parameters.
///
/// An unreachable endpoint or a 5xx/429 is recoverable; any other refusal, or an answer that is not a token, is
/// a client-class UNAUTHENTICATED error naming the URL.
public struct URLTokenProvider: AuthTokenProvider {
    public let url: String
    public let httpClient: HTTPClient
    public let timeout: Duration
    private let now: @Sendable () -> Date

    public init(
        url: String, httpClient: HTTPClient, timeout: Duration = .seconds(15),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.url = url
        self.httpClient = httpClient
        self.timeout = timeout
        self.now = now
    }

    /// The URL fetched for `context`.
    public func resolvedURL(for context: AuthTokenContext) -> String {
        let values = [
            ("{tripId}", context.tripID ?? ""), ("{vehicleId}", context.vehicleID ?? ""),
            ("{trackingId}", context.trackingID ?? ""), ("{role}", context.role.rawValue),
        ]
        if values.contains(where: { url.contains($0.0) }) {
            return values.reduce(url) { $0.replacingOccurrences(of: $1.0, with: QueryEncoding.escape($1.1)) }
        }
        var query = QueryEncoding()
        query.add("tripId", context.tripID)
        query.add("vehicleId", context.vehicleID)
        query.add("trackingId", context.trackingID)
        guard !query.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + query.encoded
    }

    public func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        let target = resolvedURL(for: context)
        let source = "token URL \(target)"
        var request = HTTPClientRequest(url: target)
        request.headers.add(name: "Accept", value: "application/json")
        let status: Int
        let body: String
        do {
            let response = try await httpClient.execute(request, timeout: TimeAmount(timeout))
            status = Int(response.status.code)
            body = String(decoding: try await response.body.bytes(upTo: 1 << 20), as: UTF8.self)
        } catch {
            var failure = TransportErrorClassifier.classify(error)
            failure.message = "\(source): \(failure.message)"
            throw failure
        }
        guard (200..<300).contains(status) else {
            let code = StatusCode(httpStatus: status)
            if code.errorClass == .recoverable || code == .resourceExhausted {
                throw TripServiceError(
                    code: code == .resourceExhausted ? .unavailable : code,
                    message: "\(source) answered HTTP \(status)", httpStatus: status)
            }
            throw TripServiceError(
                code: .unauthenticated, message: "\(source) refused with HTTP \(status)", httpStatus: status)
        }
        return try TokenResponse.parse(body, source: source, now: now())
    }
}
