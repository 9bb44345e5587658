import Hummingbird
import Logging

/// The ordinary request path, assembled as Hummingbird's router assembles one: middleware, outermost first, then
/// ``FleetAPI`` as the endpoint; an `HTTPResponseError` thrown on the way (every ``FleetError``) becomes its response
/// here, as in Hummingbird's `RouterResponder`.
///
/// Only the polls the fast path answers (``PollFastPath``) never get here.
struct FleetResponder: HTTPResponder {
    typealias Context = FleetRequestContext

    private let middleware: any RouterMiddleware<FleetRequestContext>
    private let api: FleetAPI

    init(api: FleetAPI, logger: Logger) {
        self.api = api
        middleware = Self.middleware(api: api, logger: logger)
    }

    /// The server's middleware, outermost first. The order is the order of the answers: every request is logged
    /// (errors included) and every failure is a ``FleetError``; then an unknown path is 404 and a wrong method 405
    /// whatever the token, and only then is the token checked, before anything reads the body or the store.
    @MiddlewareFixedTypeBuilder<Request, Response, FleetRequestContext>
    static func middleware(api: FleetAPI, logger: Logger) -> some RouterMiddleware<FleetRequestContext> {
        LoggingMiddleware(logger: logger)
        ErrorMiddleware(logger: logger)
        RoutingMiddleware()
        AuthenticationMiddleware(authenticator: api.authenticator, clock: api.clock)
    }

    func respond(to request: Request, context: FleetRequestContext) async throws -> Response {
        do {
            return try await middleware.handle(request, context: context, next: api.respond)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        }
    }
}
