import FleetServer
import Foundation
import JWTKit

/// Tokens signed with the server's own key the way `tripterm token` signs them (``FleetClaims`` from FleetServer):
/// a server token for seeding and one per phone — driver, rider or shipment consumer — so that each request carries
/// its own, as each phone would.
enum CityTokens {
    /// One token per claim set, in order, minted on `workers` tasks at once. Each has a key collection of its own:
    /// `JWTKeyCollection` is an actor, so one shared collection would sign on one core however many tasks ask
    /// (`TokenMinter`, which builds a collection per token, would spend more on parsing the key than on signing).
    static func mint(
        keyFile: String, claims: @escaping @Sendable (Int) -> AuthorizationClaims, count total: Int, workers: Int
    ) async throws -> [String] {
        let key = try ServerKey.load(from: URL(fileURLWithPath: keyFile))
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        return try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let keys = try await key.keyCollection()
                    var signed: [(Int, String)] = []
                    for n in stride(from: worker, to: total, by: workers) {
                        let token = FleetClaims(
                            issuer: TokenMinter.defaultIssuer, issuedAt: now, expiresAt: now.addingTimeInterval(3600),
                            authorization: claims(n))
                        signed.append((n, try await keys.sign(token, kid: JWKIdentifier(string: key.kid))))
                    }
                    return signed
                }
            }
            var all = [String](repeating: "", count: total)
            for try await signed in group { for (n, token) in signed { all[n] = token } }
            return all
        }
    }
}
