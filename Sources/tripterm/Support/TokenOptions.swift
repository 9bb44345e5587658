import ArgumentParser
import AsyncHTTPClient
import FleetClient
import Foundation

/// Where Fleet Engine tokens come from, shared by the commands that call Fleet Engine (`rider`, `driver`).
struct TokenOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A JWT to send as is; its exp claim is checked before each call.", valueName: "jwt"))
    var token: String?

    @Option(
        name: .customLong("token-command"),
        help: ArgumentHelp(
            "A command printing a token, or {\"token\": …, \"expiresInSeconds\": …}; run by /bin/sh with TRIPTERM_TRIP_ID, TRIPTERM_VEHICLE_ID and TRIPTERM_ROLE set.",
            valueName: "command"))
    var tokenCommand: String?

    @Option(
        name: .customLong("token-url"),
        help: ArgumentHelp(
            "A URL answering GET with {\"token\": …, \"expiresInSeconds\": …}; {tripId}, {vehicleId} and {role} in it are filled in.",
            valueName: "url"))
    var tokenURL: String?

    func validate() throws {
        let given = [token != nil, tokenCommand != nil, tokenURL != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("--token, --token-command and --token-url do not go together: pick one") }
        if token?.isEmpty == true { throw ValidationError("--token must not be empty") }
        if tokenCommand?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw ValidationError("--token-command must not be empty")
        }
        if let tokenURL, !(tokenURL.hasPrefix("http://") || tokenURL.hasPrefix("https://")) {
            throw ValidationError("--token-url must be an http:// or https:// URL, not '\(tokenURL)'")
        }
    }

    /// The provider the options describe, or nil to send no token. Commands and URLs are cached per trip/vehicle
    /// and refreshed before they expire.
    func provider(httpClient: HTTPClient) -> (any AuthTokenProvider)? {
        if let token { return FixedTokenProvider(token: token) }
        if let tokenCommand { return CachingTokenProvider(CommandTokenProvider(command: tokenCommand)) }
        if let tokenURL { return CachingTokenProvider(URLTokenProvider(url: tokenURL, httpClient: httpClient)) }
        return nil
    }
}
