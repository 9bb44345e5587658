import FleetModel
import Foundation
import JWTKit
import Testing

@testable import FleetServer

/// ``Authenticator``: Fleet Engine's time rules, the algorithm named in the header read before anything else, and the
/// verification without waiting that lets the fast path take a new token's first poll — only by a key jwt-kit
/// verified a token with before, and only when the signature holds.
@Suite struct AuthenticatorTests {
    let now = Date(timeIntervalSince1970: 1_735_689_600)

    func claims(iat: TimeInterval, exp: TimeInterval) -> FleetClaims {
        FleetClaims(
            issuer: "i", issuedAt: now.addingTimeInterval(iat), expiresAt: now.addingTimeInterval(exp),
            authorization: .server)
    }

    @Test func timesFollowFleetEnginesRules() throws {
        try Authenticator.check(claims(iat: 0, exp: 3600), now: now)
        try Authenticator.check(claims(iat: 300, exp: 3600), now: now)  // a clock 5 min ahead
        #expect(throws: FleetError.self) { try Authenticator.check(claims(iat: 900, exp: 3600), now: now) }
        #expect(throws: FleetError.self) { try Authenticator.check(claims(iat: -3600, exp: -1), now: now) }
        #expect(throws: FleetError.self) { try Authenticator.check(claims(iat: 0, exp: 7200), now: now) }
        var wrong = claims(iat: 0, exp: 60)
        wrong.aud.value = ["https://fleetengine.googleapis.com"]
        #expect(throws: FleetError.self) { try Authenticator.check(wrong, now: now) }
    }

    @Test func keyAndMinterRoundTripThroughTheAuthenticator() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try ServerKey.loadOrCreate(in: directory)
        #expect(try ServerKey.loadOrCreate(in: directory).kid == key.kid)
        let token = try await TokenMinter(key: key).mint(AuthorizationClaims(tripid: "t1"))
        let authenticator = Authenticator(keys: try await key.keyCollection())
        let principal = try await authenticator.authenticate(authorizationHeader: "Bearer \(token)", now: Date())
        #expect(principal == Principal(tripID: "t1"))
        await #expect(throws: FleetError.self) {
            try await authenticator.authenticate(
                authorizationHeader: "Bearer \(token)", now: Date().addingTimeInterval(7200))
        }
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-key-\(UUID().uuidString)")

    /// An authenticator of a fresh server key, its minter, and a token of the same key's that a forger signs with
    /// another RSA key under the server key's `kid`.
    func keys() async throws -> (Authenticator, TokenMinter, forged: String) {
        let key = try ServerKey.loadOrCreate(in: directory)
        let minter = TokenMinter(key: key)
        let other = try ServerKey.loadOrCreate(in: directory.appendingPathComponent("other"))
        let claims = FleetClaims(
            issuer: "i", issuedAt: Date(), expiresAt: Date().addingTimeInterval(600),
            authorization: AuthorizationClaims(tripid: "*"))
        let forged = try await other.keyCollection().sign(claims, kid: JWKIdentifier(string: key.kid))
        return (Authenticator(keys: try await key.keyCollection()), minter, forged)
    }

    @Test func aNewTokenIsVerifiedWithoutWaitingOnceItsKeyVerifiedAnother() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (authenticator, minter, forged) = try await keys()
        let first = try await minter.mint(AuthorizationClaims(tripid: "t1"))
        let second = try await minter.mint(AuthorizationClaims(tripid: "t2"))
        #expect(authenticator.verifiedClaims(authorizationHeader: "Bearer \(second)") == nil, "no key met yet")
        _ = try await authenticator.authenticate(authorizationHeader: "Bearer \(first)", now: Date())
        let claims = try #require(authenticator.verifiedClaims(authorizationHeader: "Bearer \(second)"))
        #expect(claims.authorization?.tripid == "t2")

        // The same key's kid does not make a forgery: its signature is checked.
        #expect(authenticator.verifiedClaims(authorizationHeader: "Bearer \(forged)") == nil)
        // Nor does a payload swapped under a good signature, nor an unsigned token.
        let parts = try await minter.mint(AuthorizationClaims(tripid: "t3")).split(separator: ".").map(String.init)
        let wildcard = Data(#"{"authorization":{"tripid":"*"}}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "")
        #expect(authenticator.verifiedClaims(authorizationHeader: "Bearer \(parts[0]).\(wildcard).\(parts[2])") == nil)
        let none = Data(#"{"alg":"none","kid":"\#(minter.key.kid)"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "")
        #expect(authenticator.verifiedClaims(authorizationHeader: "Bearer \(none).\(parts[1]).") == nil)
        #expect(authenticator.verifiedClaims(authorizationHeader: "Bearer \(parts[0]).\(parts[1])") == nil)
        // The ordinary path refuses what the fast one left to it.
        await #expect(throws: FleetError.self) {
            try await authenticator.authenticate(authorizationHeader: "Bearer \(forged)", now: Date())
        }
    }

    /// A new token's claims are read on the fast path from a ``JSONTape``: as jwt-kit's `JSONDecoder` reads them for
    /// every shape it takes there, and not at all for the shapes it leaves to jwt-kit.
    @Test func claimsReadFromTheTapeAreJWTKitsOrNone() throws {
        func tape(_ json: String) throws -> FleetClaims {
            let bytes = Array(json.utf8)
            var tape = JSONTape()
            return try bytes.withUnsafeBytes { text in
                guard tape.parse(text) else { throw ProtoDirectDecodingMiss() }
                return try tape.withRoot(in: text) { try FleetClaims(tape: $0) }
            }
        }
        func jwtKit(_ json: String) throws -> FleetClaims {
            try JSONDecoder.defaultForJWT.decode(FleetClaims.self, from: Data(json.utf8))
        }
        let times = #""iat":1735689600,"exp":1735693200"#
        let read = [
            #"{"iss":"i","sub":"i","aud":"https://fleetengine.googleapis.com/",\#(times),"authorization":{"tripid":"t1"}}"#,
            #"{"aud":["a","https://fleetengine.googleapis.com/"],"iss":"x\u00e9\"y","sub":"s","iat":1735689600.25,"exp":1735693200.5,"authorization":{"taskids":["a","b"],"taskid":null,"trackingid":"p-1","deliveryvehicleid":"*"}}"#,
            #"{"iss":"i","sub":"i","aud":[],\#(times),"authorization":null,"extra":{"nested":[1,{"x":null}]}}"#,
            #"{"iss":"i","sub":"i","aud":"a",\#(times)}"#,
            #"{"iss":"i","sub":"i","aud":"a",\#(times),"authorization":{"vehicleid":"v","unknown":7}}"#,
        ]
        for json in read {
            #expect(try tape(json) == jwtKit(json), "\(json)")
        }
        // Left to jwt-kit: a name twice or escaped (which `JSONDecoder` reads its own way), and every shape it refuses.
        let left = [
            #"{"iss":"i","sub":"i","aud":"a",\#(times),"exp":1}"#,
            #"{"iss":"i","sub":"i","aud":"a","\u0069at":1735689600,"exp":1735693200}"#,
            #"{"iss":"i","sub":"i","aud":"a","iat":1735689600,"exp":"1735693200"}"#,
            #"{"iss":"i","sub":"i","aud":[1],\#(times)}"#,
            #"{"iss":null,"sub":"i","aud":"a",\#(times)}"#,
            #"{"sub":"i","aud":"a",\#(times)}"#,
            #"{"iss":"i","sub":"i","aud":"a",\#(times),"authorization":"*"}"#,
            #"{"iss":"i","sub":"i","aud":"a",\#(times),"authorization":{"taskids":"t"}}"#,
            #"{"iss":"i","sub":"i","aud":"a",\#(times),"authorization":{"tripid":3}}"#,
        ]
        for json in left {
            #expect(throws: (any Error).self, "\(json)") { try tape(json) }
        }
        for json in left.dropFirst(2) {
            #expect(throws: (any Error).self, "jwt-kit refuses \(json) too") { try jwtKit(json) }
        }
    }

    /// Only the plain text of a token is read without jwt-kit: padding or the other base64 alphabet sends it there.
    @Test func aTokenOutsideTheBase64URLAlphabetIsLeftToJWTKit() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (authenticator, minter, _) = try await keys()
        _ = try await authenticator.authenticate(
            authorizationHeader: "Bearer \(try await minter.mint(AuthorizationClaims(tripid: "t1")))", now: Date())
        let token = try await minter.mint(AuthorizationClaims(tripid: "t2"))
        for odd in [token + "=", token.replacingOccurrences(of: "-", with: "+") + (token.contains("-") ? "" : "=")] {
            #expect(authenticator.verifiedClaims(authorizationHeader: "Bearer \(odd)") == nil)
        }
        #expect(authenticator.verifiedClaims(authorizationHeader: "Bearer \(token)")?.authorization?.tripid == "t2")
    }

    /// The header's `alg` and `kid` are read before the signature is checked: from base64url or base64, padded or
    /// not; a token of other than three parts, or a header that is not base64 JSON with an `alg`, is refused as such.
    @Test func theAlgorithmIsReadFromTheHeaderBeforeTheSignature() throws {
        func header(_ json: String, url: Bool) -> String {
            let base64 = Data(json.utf8).base64EncodedString()
            guard url else { return base64 }
            return base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        // `?>` and `~` put both of the alphabets' last two characters into the text, `a` a padding.
        let json = #"{"alg":"HS256","kid":"?>?~a"}"#
        for url in [true, false] {
            let read = try Authenticator.header(of: header(json, url: url) + ".e30.c2ln")
            #expect(read.alg == "HS256" && read.kid == "?>?~a")
        }
        func refusal(_ token: String) -> String {
            do {
                _ = try Authenticator.header(of: token)
                return "accepted"
            } catch {
                return error.message
            }
        }
        #expect(refusal("e30.c2ln").contains("three dot-separated parts"))
        #expect(refusal("a.b.c.d").contains("three dot-separated parts"))
        #expect(refusal("!!!.e30.c2ln").contains(#"no "alg""#))
        #expect(refusal(header(#"{"typ":"JWT"}"#, url: true) + ".e30.c2ln").contains(#"no "alg""#))
        #expect(refusal(header("[1]", url: true) + ".e30.").contains(#"no "alg""#))
    }
}
