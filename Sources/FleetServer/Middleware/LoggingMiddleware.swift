import Foundation
import Hummingbird
import Logging

/// Logs each request once, when its answer is ready: `GET /v1/providers/p/trips/t1 200 1.3 ms` — method, path,
/// status and duration, never the query's values or the Authorization header (they hold names and tokens).
///
/// Outermost, so that it sees every answer, errors included: a thrown error is logged with the status it will be
/// answered with. It logs to the server's logger rather than the request context's, so lines carry no request id
/// and read the same as those the fast path writes through ``log(_:method:path:status:since:cached:)``.
struct LoggingMiddleware: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request, context: FleetRequestContext,
        next: (Request, FleetRequestContext) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            Self.log(logger, method: request.method, path: request.uri.path, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            Self.log(logger, method: request.method, path: request.uri.path, status: status, since: start)
            throw error
        }
    }

    /// How a GetTrip answered by the fast path ends its log line: from the cache after the HTTP codec
    /// (``CachedAnswerHandler``), or before it, repeating the connection's last poll (``RepeatedPollHandler``); or
    /// computed from the trip in memory on the event loop (either handler).
    enum Cached: String {
        case parsed = " cached"
        case repeated = " cached repeat"
        case live = " live"
    }

    /// The one line logged per request, by this middleware and by the fast path.
    static func log(
        _ logger: Logger, method: HTTPRequest.Method, path: @autoclosure () -> String, status: Int,
        since start: ContinuousClock.Instant, cached: Cached? = nil
    ) {
        // Path and time in the message, which is only built when the level is logged: they cost more than a cached
        // answer.
        let milliseconds = (ContinuousClock.now - start) / .milliseconds(1)
        logger.info("\(method) \(path()) \(status) \(String(format: "%.1f", milliseconds)) ms\(cached?.rawValue ?? "")")
    }
}
