import AsyncHTTPClient
import FleetClient
import FleetModel
import FleetServer

/// Tokens signed by the embedded server's own key, minted when asked: the demo's parties run for as long as the
/// demo does, past the hour a Fleet Engine token lives. Wrap it in a `CachingTokenProvider` to mint once per
/// token lifetime rather than per call — timed by the server's clock, which in the demo runs N× faster.
struct LocalServerTokenProvider: AuthTokenProvider {
    let server: LocalFleetServer
    let claims: AuthorizationClaims

    func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        do {
            return AuthToken(jwt: try await server.token(claims))
        } catch {
            throw TripServiceError(code: .internal, message: "the demo server could not sign a token: \(error)")
        }
    }

    func invalidate(_ context: AuthTokenContext) async {}

    /// A client of `server` for the party `claims` name, with tokens kept until shortly before they expire by the
    /// server's clock.
    static func client(
        of server: LocalFleetServer, claims: AuthorizationClaims, role: AuthTokenRole,
        http: HTTPClient
    ) throws -> FleetEngineClient {
        try FleetEngineClient(
            baseURL: server.baseURL,
            tokenProvider: CachingTokenProvider(
                LocalServerTokenProvider(server: server, claims: claims), now: server.clock),
            httpClient: http, options: FleetClientOptions(role: role))
    }
}
