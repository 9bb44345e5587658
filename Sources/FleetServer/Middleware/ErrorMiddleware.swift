import Hummingbird
import Logging

/// Makes every failure a ``FleetError``. One that is not — a bug, a database fault, a body stream that broke — is
/// logged with what it was and answered as INTERNAL in Google's error shape, never as Hummingbird's empty 500 and
/// never with its details (they stay in the log).
struct ErrorMiddleware: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request, context: FleetRequestContext,
        next: (Request, FleetRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as FleetError {
            throw error
        } catch {
            logger.error(
                "request failed unexpectedly",
                metadata: ["method": "\(request.method)", "path": "\(request.uri.path)", "error": "\(error)"])
            throw FleetError(.internal, "Internal error.")
        }
    }
}
