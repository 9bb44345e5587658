import Crypto
import CryptoExtras
import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// Attacks beyond a missing or expired token: tokens shaped to confuse the verifier, oversized requests, and names
/// built to escape paths or SQL. Each must be refused with Google's error shape, and the server must keep serving.
@Suite struct SecurityTests {
    /// A JWT signed with the server's own RSA key over exactly these bytes (for payloads jwt-kit would not write).
    static func rawToken(_ server: TestServer, header: String? = nil, payload: String) throws -> String {
        let header = header ?? #"{"alg":"RS256","typ":"JWT","kid":"\#(server.minter.key.kid)"}"#
        let input = base64URL(Data(header.utf8)) + "." + base64URL(Data(payload.utf8))
        let key = try _RSA.Signing.PrivateKey(pemRepresentation: server.minter.key.privateKeyPEM)
        let signature = try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + base64URL(signature.rawRepresentation)
    }

    static func payload(_ authorization: String, extra: String = "") -> String {
        let now = Int(Date().timeIntervalSince1970)
        return
            #"{"iss":"test@example.com","sub":"test@example.com","aud":"https://fleetengine.googleapis.com/","iat":\#(now),"exp":\#(now + 600),\#(extra)"authorization":\#(authorization)}"#
    }

    @Test func aRawTokenSignedWithTheServerKeyIsAccepted() async throws {
        // The control for the tests below: the hand-made token is valid when nothing is wrong with it.
        try await withTestServer { server in
            try await server.createTrip("t1")
            let token = try Self.rawToken(server, payload: Self.payload(#"{"tripid":"t1"}"#))
            #expect(try await server.request(.GET, "/v1/providers/p/trips/t1", token: token).status == 200)
        }
    }

    @Test func hs256SignedWithThePublicKeyIsRejected() async throws {
        try await withTestServer { server in
            try await server.createTrip("t1")
            let publicPEM = try _RSA.Signing.PrivateKey(pemRepresentation: server.minter.key.privateKeyPEM).publicKey
                .pemRepresentation
            let header = #"{"alg":"HS256","typ":"JWT","kid":"\#(server.minter.key.kid)"}"#
            let input =
                base64URL(Data(header.utf8)) + "."
                + base64URL(Data(Self.payload(#"{"tripid":"*","vehicleid":"*"}"#).utf8))
            let mac = HMAC<SHA256>.authenticationCode(
                for: Data(input.utf8), using: SymmetricKey(data: Data(publicPEM.utf8)))
            let token = input + "." + base64URL(Data(mac))
            try await server.request(.GET, "/v1/providers/p/trips/t1", token: token).expectError(401, "UNAUTHENTICATED")
        }
    }

    @Test func duplicateAuthorizationClaimsNeverWidenAccess() async throws {
        try await withTestServer { server in
            try await server.createTrip("t1")
            try await server.createTrip("t2")
            // The claim twice: a parser keeping the last one would read a server token.
            let payload = Self.payload(#"{"tripid":"*","vehicleid":"*"}"#, extra: #""authorization":{"tripid":"t1"},"#)
            let token = try Self.rawToken(server, payload: payload)
            let other = try await server.request(.GET, "/v1/providers/p/trips/t2", token: token)
            #expect(
                other.status == 401 || other.status == 403, "a duplicated claim must not read trip t2: \(other.status)")
            let write = try await server.request(.DELETE, "/v1/providers/p/trips/t2", token: token)
            #expect(write.status == 401 || write.status == 403, "nor delete it: \(write.status)")
        }
    }

    @Test func extraClaimsGrantNothing() async throws {
        try await withTestServer { server in
            try await server.createTrip("t1")
            try await server.createTrip("t2")
            let payload = Self.payload(
                #"{"tripid":"t1","role":"server","admin":true}"#, extra: #""scope":"*","roles":["server"],"#)
            let token = try Self.rawToken(server, payload: payload)
            #expect(try await server.request(.GET, "/v1/providers/p/trips/t1", token: token).status == 200)
            try await server.request(.GET, "/v1/providers/p/trips/t2", token: token).expectError(
                403, "PERMISSION_DENIED")
            try await server.request(.DELETE, "/v1/providers/p/trips/t1", token: token).expectError(
                403, "PERMISSION_DENIED")
        }
    }

    @Test func hugeHeadersAndBodiesAreRefusedAndTheServerCarriesOn() async throws {
        try await withTestServer(maxBodyBytes: 64 << 10) { server in
            try await server.createTrip("t1")
            let token = try await server.serverToken()
            let hugeHeader = try await server.request(
                .GET, "/v1/providers/p/trips/t1", token: token,
                headers: [("X-Padding", String(repeating: "a", count: 256 << 10))])
            #expect(
                hugeHeader.status >= 400 && hugeHeader.status < 500 || hugeHeader.status == 0, "\(hugeHeader.status)")
            let body = #"{"tripType":"EXCLUSIVE","note":""# + String(repeating: "x", count: 1 << 20) + #""}"#
            let huge = try await server.request(.POST, "/v1/providers/p/trips?tripId=big", token: token, body: body)
            #expect(huge.status == 413 || huge.status == 400, "\(huge.status): \(huge.body.prefix(200))")
            try await server.request(.GET, "/v1/providers/p/trips/big", token: token).expectError(404, "NOT_FOUND")
            #expect(
                try await server.request(.GET, "/v1/providers/p/trips/t1", token: token).status == 200, "still serving")
        }
    }

    @Test(arguments: [
        "/v1/providers/p/trips/..%2F..%2Fetc%2Fpasswd",
        "/v1/providers/p/trips/../../../etc/passwd",
        "/v1/providers/..%2Fp/trips/t1",
        "/v1/providers/p/trips/t1%00.json",
        "/v1/providers/p/trips/%2e%2e",
    ])
    func pathTraversalInNamesIsRefused(path: String) async throws {
        try await withTestServer { server in
            try await server.createTrip("t1")
            let response = try await server.request(.GET, path, token: server.serverToken())
            #expect([400, 404].contains(response.status), "\(path): \(response.status) \(response.body.prefix(200))")
            #expect(response.json["error"] != nil, "Google's error shape")
            #expect(!response.body.contains("root:"))
        }
    }

    /// Fleet Engine's id rules allow quotes, spaces and semicolons (only `/ : ? , #` are out), so SQL in an id is a
    /// valid name: it must round-trip as text and touch nothing else.
    @Test(arguments: [
        "t1'; DROP TABLE trips;--", "t1\" OR \"1\"=\"1", "x' OR '1'='1", "%27%3B%20DELETE%20FROM%20trips%3B--",
    ])
    func sqlMetacharactersInIdsAreJustText(id: String) async throws {
        try await withTestServer { server in
            try await server.createTrip("t1")
            try await server.createVehicle("v1")
            let token = try await server.serverToken()
            let escaped = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
            let create = try await server.request(
                .POST, "/v1/providers/p/trips?tripId=\(escaped)", token: token,
                body: #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7,"longitude":7.4}}}"#)
            #expect(create.status == 200, "\(create.body.prefix(200))")
            #expect(create.json["name"] as? String == "providers/p/trips/\(id)")
            let get = try await server.request(.GET, "/v1/providers/p/trips/\(escaped)", token: token)
            #expect(get.json["name"] as? String == "providers/p/trips/\(id)")
            // A search for a vehicle id with SQL in it finds nothing rather than everything.
            let quoted = id.replacingOccurrences(of: "\"", with: "\\\"")
            let search = try await server.request(
                .POST, "/v1/providers/p/trips:search", token: token, body: #"{"vehicleId":"\#(quoted)"}"#)
            #expect(search.status == 200, "\(search.status) \(search.body.prefix(200))")
            #expect(!search.body.contains("providers/p/trips/t1\""))
            // Everything else is still there.
            #expect(try await server.request(.GET, "/v1/providers/p/trips/t1", token: token).status == 200)
            #expect(try await server.request(.GET, "/v1/providers/p/vehicles/v1", token: token).status == 200)
        }
    }

    @Test(arguments: ["a/b", "a:b", "a?b", "a,b", "a#b", String(repeating: "x", count: 65)])
    func idsOutsideFleetEnginesRulesAreInvalidArguments(id: String) async throws {
        try await withTestServer { server in
            let escaped = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
            let create = try await server.request(
                .POST, "/v1/providers/p/trips?tripId=\(escaped)", token: server.serverToken(),
                body: #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7,"longitude":7.4}}}"#)
            create.expectError(400, "INVALID_ARGUMENT")
        }
    }
}
