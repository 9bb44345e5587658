import AsyncHTTPClient
import FleetClient

/// Runs `body` with an HTTP client made for Fleet Engine (``FleetClient/FleetEngineClient/makeHTTPClient()``),
/// trusting `authority` (`--ca-file`) beside the system's roots, shut down afterwards whether `body` returns or
/// throws: every command that calls Fleet Engine holds one this way.
func withFleetHTTPClient<T>(
    trusting authority: CertificateAuthorityFile? = nil, _ body: (HTTPClient) async throws -> T
) async throws -> T {
    let http = FleetEngineClient.makeHTTPClient(trusting: authority)
    let result: T
    do {
        result = try await body(http)
    } catch {
        try? await http.shutdown()
        throw error
    }
    try await http.shutdown()
    return result
}
