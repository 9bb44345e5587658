import Hummingbird

/// What one request carries from middleware to middleware and on to ``FleetAPI``: Hummingbird's core context, the
/// Fleet Engine method the request calls (``RoutingMiddleware`` sets it) and who calls it
/// (``AuthenticationMiddleware`` sets it).
struct FleetRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The route and query, once ``RoutingMiddleware`` has matched them.
    var routedRequest: RoutedRequest?
    /// The verified caller, once ``AuthenticationMiddleware`` has checked the token.
    var principal: Principal?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    /// The matched route and query. Missing only if the middleware were assembled wrong: then the request fails
    /// with INTERNAL rather than guessing.
    func requireRoutedRequest() throws(FleetError) -> RoutedRequest {
        guard let routedRequest else { throw FleetError(.internal, "Internal error.") }
        return routedRequest
    }

    /// The verified caller. Missing only if the middleware were assembled wrong: then the request is refused as
    /// unauthenticated, never served without a checked token.
    func requirePrincipal() throws(FleetError) -> Principal {
        guard let principal else {
            throw .unauthenticated("Request is missing required authentication credential.")
        }
        return principal
    }
}
