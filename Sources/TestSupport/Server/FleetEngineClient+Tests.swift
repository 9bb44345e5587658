import AsyncHTTPClient
import FleetClient

extension FleetEngineClient {
    /// A client of a server the test did not start in-process (a `tripterm serve` child), with the server token it
    /// minted, on the shared HTTP client: what a provider's back end uses to set up vehicles and tasks. A minute a
    /// request, as ``TestServer/client(baseURL:http:)``'s.
    public static func serverClient(baseURL: String, token: String) throws -> FleetEngineClient {
        try FleetEngineClient(
            baseURL: baseURL, tokenProvider: FixedTokenProvider(token: token), httpClient: HTTPClient.shared,
            options: FleetClientOptions(requestTimeout: .seconds(60), role: .server))
    }
}
