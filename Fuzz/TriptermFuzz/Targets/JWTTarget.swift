import Crypto
import CryptoExtras
import FleetModel
import Foundation
import JWTKit

@testable import FleetServer

extension FuzzTarget {
    /// `Authorization` headers as `tripterm serve` reads them (Authenticator over jwt-kit). An input starting with
    /// `{` is a claims object, signed here with the server's key so that the claim decoding and Fleet Engine's claim
    /// rules get arbitrary claims with a valid signature; anything else is the header as sent. Whatever claims the
    /// fast path reads without jwt-kit (``Authenticator/verifiedClaims(authorizationHeader:)``, the key being met
    /// already) must be jwt-kit's.
    static let jwt = FuzzTarget(
        name: "jwt",
        summary: "Authenticator.authenticate (jwt-kit) and its fast path; claims signed with the server key",
        prepare: { JWTFuzzing.meetKey() }
    ) { data in
        let header: String
        if data.first == UInt8(ascii: "{") {
            guard let claims = try? JSONDecoder().decode(JSONValue.self, from: data) else { return }
            guard
                let token = runBlocking({
                    try? await JWTFuzzing.keys.sign(RawClaims(value: claims), kid: JWTFuzzing.kid)
                })
            else {
                return
            }
            header = "Bearer \(token)"
        } else {
            header = String(decoding: data, as: UTF8.self)
        }
        if let fast = JWTFuzzing.authenticator.verifiedClaims(authorizationHeader: header) {
            let token = (try? Authenticator.bearerToken(header)) ?? ""
            let slow = runBlocking { try? await JWTFuzzing.keys.verify(token, as: FleetClaims.self) }
            invariant(slow == fast, "the fast path read \(fast), jwt-kit \(String(describing: slow))")
        }
        let outcome = runBlocking { () -> Result<Principal, FleetError> in
            do throws(FleetError) {
                return .success(
                    try await JWTFuzzing.authenticator.authenticate(authorizationHeader: header, now: JWTFuzzing.now))
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = outcome {
            invariant(error.code == .unauthenticated, "a bad token is \(error.code), not UNAUTHENTICATED")
        }
    }
}

/// A fresh server key per run (no key in the repository); the committed seeds that are whole tokens are signed by
/// another key, so they reach the signature check but not the claims. `{…}` seeds reach the claims.
enum JWTFuzzing {
    /// The seeds' `iat`.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let serverKey: ServerKey = {
        guard let key = try? ServerKey(privateKeyPEM: _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation)
        else {
            fatalError("tripterm-fuzz: cannot make an RSA key")
        }
        return key
    }()
    static let kid = JWKIdentifier(string: serverKey.kid)
    static let keys: JWTKeyCollection = runBlocking {
        guard let keys = try? await serverKey.keyCollection() else { fatalError("tripterm-fuzz: no key collection") }
        return keys
    }
    static let authenticator = Authenticator(keys: keys)

    /// Has the authenticator verify one token through jwt-kit, so that it then verifies new ones of the key itself.
    static func meetKey() {
        let claims = FleetClaims(
            issuer: "i", issuedAt: now, expiresAt: now.addingTimeInterval(600), authorization: .server)
        runBlocking {
            guard let token = try? await keys.sign(claims, kid: kid) else { fatalError("tripterm-fuzz: cannot sign") }
            guard (try? await authenticator.authenticate(authorizationHeader: "Bearer \(token)", now: now)) != nil
            else { fatalError("tripterm-fuzz: the server key's own token was refused") }
        }
    }
}

/// Any JSON object as a JWT payload, to sign claims of every shape.
private struct RawClaims: JWTPayload {
    var value: JSONValue
    init(value: JSONValue) { self.value = value }
    init(from decoder: any Decoder) throws { value = try JSONValue(from: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
