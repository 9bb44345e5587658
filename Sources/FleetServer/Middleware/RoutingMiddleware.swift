import Hummingbird

/// Puts the Fleet Engine method a request calls into the context (``RoutedRequest``: ``FleetRoute`` and the query).
///
/// A middleware rather than Hummingbird's `Router`, because Fleet Engine's paths are Google's transcoding rules:
/// percent-decoded resource names, custom methods (`trips:search`), and 405 with `Allow` for a known path called
/// with another method, where Hummingbird's trie router answers 404. Before authentication, so an unknown path is
/// 404 and a wrong method 405 whatever the token.
struct RoutingMiddleware: RouterMiddleware {
    func handle(
        _ request: Request, context: FleetRequestContext,
        next: (Request, FleetRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.routedRequest = try RoutedRequest(
            method: request.method, path: request.uri.path, rawQuery: request.uri.query ?? "")
        return try await next(request, context)
    }
}
