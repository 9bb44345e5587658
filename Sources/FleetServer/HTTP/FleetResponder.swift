import FleetModel
import Foundation
import Hummingbird
import Logging

/// The HTTP face of the server: every request goes through ``FleetAPI``; every failure, expected or not, becomes
/// Google's JSON error body with its status; each request is logged once (method, path, status, duration —
/// never the query's values or the Authorization header).
struct FleetResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let api: FleetAPI
    let logger: Logger

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = .fleetJSON(try await api.handle(request))
        } catch let error as FleetError {
            response = error.response(from: request, context: context)
        } catch {
            logger.error("request failed unexpectedly", metadata: ["method": "\(request.method)", "path": "\(request.uri.path)", "error": "\(error)"])
            response = FleetError(.internal, "Internal error.").response(from: request, context: context)
        }
        Self.log(logger, method: request.method, path: request.uri.path, status: response.status.code, since: start)
        return response
    }

    /// How a GetTrip answered from the cache on the event loop ends its log line: after the HTTP codec
    /// (``CachedAnswerHandler``), or before it, repeating the connection's last poll (``RepeatedPollHandler``).
    enum Cached: String {
        case parsed = " cached"
        case repeated = " cached repeat"
    }

    /// The one line logged per request.
    static func log(
        _ logger: Logger, method: HTTPRequest.Method, path: @autoclosure () -> String, status: Int, since start: ContinuousClock.Instant,
        cached: Cached? = nil
    ) {
        // Path and time in the message, which is only built when the level is logged: they cost more than a cached answer.
        logger.info("\(method) \(path()) \(status) \(String(format: "%.1f", (ContinuousClock.now - start) / .milliseconds(1))) ms\(cached?.rawValue ?? "")")
    }
}
