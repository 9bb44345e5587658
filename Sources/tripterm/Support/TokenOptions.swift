import ArgumentParser
import AsyncHTTPClient
import FleetClient
import Foundation

/// Where Fleet Engine tokens come from, shared by the commands that call Fleet Engine (`rider`, `driver`).
struct TokenOptions: ParsableArguments {
    /// The variable read when no token option is given: unlike `--token`, it does not show in `ps`.
    static let environmentVariable = "TRIPTERM_TOKEN"

    @Option(
        help: ArgumentHelp(
            "A JWT to send as is; its exp claim is checked before each call. Every user of the machine sees it in ps: "
                + "prefer --token-file, or TRIPTERM_TOKEN in the environment (used when no token option is given).",
            valueName: "jwt"))
    var token: String?

    @Option(
        name: .customLong("token-file"),
        help: ArgumentHelp(
            "A file holding a JWT to send as --token does; read once at start, surrounding whitespace trimmed.",
            valueName: "path"))
    var tokenFile: String?

    @Option(
        name: .customLong("token-command"),
        help: ArgumentHelp(
            "A command printing a token, or {\"token\": …, \"expiresInSeconds\": …}; run by /bin/sh with TRIPTERM_TRIP_ID, TRIPTERM_VEHICLE_ID, TRIPTERM_TRACKING_ID and TRIPTERM_ROLE set.",
            valueName: "command"))
    var tokenCommand: String?

    @Option(
        name: .customLong("token-url"),
        help: ArgumentHelp(
            "A URL answering GET with {\"token\": …, \"expiresInSeconds\": …}; {tripId}, {vehicleId}, {trackingId} and {role} in it are filled in.",
            valueName: "url"))
    var tokenURL: String?

    /// Resolved by `validate()`, so a token file is read once, and before anything is asked of the backend.
    private(set) var source: TokenSource?

    /// The options only: `source` is worked out from them, not parsed.
    private enum CodingKeys: CodingKey {
        case token, tokenFile, tokenCommand, tokenURL
    }

    mutating func validate() throws {
        let given = [token != nil, tokenFile != nil, tokenCommand != nil, tokenURL != nil].filter { $0 }.count
        if given > 1 {
            throw ValidationError("--token, --token-file, --token-command and --token-url do not go together: pick one")
        }
        if token?.isEmpty == true { throw ValidationError("--token must not be empty") }
        if tokenCommand?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw ValidationError("--token-command must not be empty")
        }
        if let tokenURL, !(tokenURL.hasPrefix("http://") || tokenURL.hasPrefix("https://")) {
            throw ValidationError("--token-url must be an http:// or https:// URL, not '\(tokenURL)'")
        }
        source = try resolve(environment: ProcessInfo.processInfo.environment)
    }

    /// The token source the options name, else `TRIPTERM_TOKEN` from `environment` (ignored when empty), else nil
    /// to send no token. Reads `--token-file`; the environment is a parameter so tests need not change their own.
    func resolve(environment: [String: String]) throws -> TokenSource? {
        if let token { return .fixed(token, origin: "--token") }
        if let tokenFile { return .fixed(try Self.read(tokenFile: tokenFile), origin: "--token-file \(tokenFile)") }
        if let tokenCommand { return .command(tokenCommand) }
        if let tokenURL { return .url(tokenURL) }
        let name = Self.environmentVariable
        guard let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return .fixed(try Self.checked(value, what: name), origin: name)
    }

    /// The provider for `source`, or nil to send no token. Commands and URLs are cached per trip/vehicle and
    /// refreshed before they expire.
    func provider(httpClient: HTTPClient) -> (any AuthTokenProvider)? {
        switch source {
        case .fixed(let token, let origin): return FixedTokenProvider(token: token, origin: origin)
        case .command(let command): return CachingTokenProvider(CommandTokenProvider(command: command))
        case .url(let url): return CachingTokenProvider(URLTokenProvider(url: url, httpClient: httpClient))
        case nil: return nil
        }
    }

    /// The token in a `--token-file`: its text without surrounding whitespace, as editors and `echo` leave a newline.
    static func read(tokenFile path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let why = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw ValidationError("--token-file '\(path)' \(why)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { throw ValidationError("--token-file '\(path)' is empty") }
        return try checked(text, what: "--token-file '\(path)'")
    }

    /// One token, not a line break or space that would go into the Authorization header of every call.
    private static func checked(_ token: String, what: String) throws -> String {
        if token.contains(where: \.isWhitespace) {
            throw ValidationError("\(what) must hold one token, without spaces or line breaks inside it")
        }
        return token
    }
}

/// Where the token of each call comes from, once the options and the environment are read.
enum TokenSource: Equatable, Sendable {
    /// One token for every call, and where it was given (`--token`, `--token-file PATH`, `TRIPTERM_TOKEN`).
    case fixed(String, origin: String)
    case command(String)
    case url(String)
}
