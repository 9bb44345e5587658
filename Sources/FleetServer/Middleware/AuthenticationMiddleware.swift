import Foundation
import Hummingbird

/// Checks the request's `Authorization: Bearer <JWT>` (``Authenticator``) and puts the verified ``Principal`` into
/// the context. A request without a valid token stops here with 401: it never reaches ``FleetAPI`` or the store.
///
/// Authorization — may this principal call this method on this trip or vehicle — is not here but in
/// ``FleetMethods``, through ``Authorizer``, because it needs the stored resource (a trip's assigned vehicle).
struct AuthenticationMiddleware: RouterMiddleware {
    let authenticator: Authenticator
    let clock: @Sendable () -> Date

    func handle(
        _ request: Request, context: FleetRequestContext,
        next: (Request, FleetRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.principal = try await authenticator.authenticate(
            authorizationHeader: request.headers[.authorization], now: clock())
        return try await next(request, context)
    }
}
