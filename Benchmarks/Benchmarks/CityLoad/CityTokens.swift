import FleetServer
import Foundation
import JWTKit

/// Every token the city needs, signed with the server's own key the way `tripterm token` signs them (``FleetClaims``
/// from FleetServer): a server token for seeding, a driver token per vehicle and a consumer token per trip, so that
/// each request carries its own, as each phone would.
struct CityTokens: Sendable {
    let server: String
    let drivers: [String]
    let consumers: [String]

    /// Mints them on `workers` tasks at once. Each has a key collection of its own: `JWTKeyCollection` is an actor,
    /// so one shared collection would sign on one core however many tasks ask (`TokenMinter`, which builds a
    /// collection per token, would spend more on parsing the key than on signing).
    static func mint(keyFile: String, requests: CityRequests, city: Int, workers: Int) async throws -> CityTokens {
        let key = try ServerKey.load(from: URL(fileURLWithPath: keyFile))
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let claims: @Sendable (Int) -> FleetClaims = { n in
            // 0 ..< city: drivers; city ..< 2 city: consumers; 2 city: the server.
            let authorization =
                n < city
                ? AuthorizationClaims(vehicleid: requests.vehicleID(n))
                : n < 2 * city ? AuthorizationClaims(tripid: requests.tripID(n - city)) : .server
            return FleetClaims(
                issuer: TokenMinter.defaultIssuer, issuedAt: now, expiresAt: now.addingTimeInterval(3600),
                authorization: authorization)
        }
        let total = 2 * city + 1
        let tokens = try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let keys = try await key.keyCollection()
                    var signed: [(Int, String)] = []
                    for n in stride(from: worker, to: total, by: workers) {
                        signed.append((n, try await keys.sign(claims(n), kid: JWKIdentifier(string: key.kid))))
                    }
                    return signed
                }
            }
            var all = [String](repeating: "", count: total)
            for try await signed in group { for (n, token) in signed { all[n] = token } }
            return all
        }
        return CityTokens(
            server: tokens[2 * city], drivers: Array(tokens[..<city]), consumers: Array(tokens[city..<(2 * city)]))
    }
}
