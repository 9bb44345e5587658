import Crypto
import CryptoExtras
import FleetModel
import FleetServer
import Foundation
import JWTKit

extension FuzzTarget {
    /// `Authorization` headers as `tripterm serve` reads them (Authenticator over jwt-kit). An input starting with
    /// `{` is a claims object, signed here with the server's key so that the claim decoding and Fleet Engine's claim
    /// rules get arbitrary claims with a valid signature; anything else is the header as sent.
    static let jwt = FuzzTarget(
        name: "jwt", summary: "Authenticator.authenticate (jwt-kit); claims signed with the server key",
        prepare: { _ = JWTFuzzing.authenticator }
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
}

/// Any JSON object as a JWT payload, to sign claims of every shape.
private struct RawClaims: JWTPayload {
    var value: JSONValue
    init(value: JSONValue) { self.value = value }
    init(from decoder: any Decoder) throws { value = try JSONValue(from: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
