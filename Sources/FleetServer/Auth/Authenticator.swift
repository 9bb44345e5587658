import FleetModel
import Foundation
import JWTKit
import NIOConcurrencyHelpers

/// Turns an `Authorization: Bearer <JWT>` header into a ``Principal``, or UNAUTHENTICATED: RS256 only, signed by
/// a known key, audience `https://fleetengine.googleapis.com/`, issued no later than 10 minutes from now, not
/// expired, and expiring at most an hour ahead (with the same 10 minutes of clock skew).
public struct Authenticator: Sendable {
    public static let clockSkew: TimeInterval = 600
    public static let maximumLifetime: TimeInterval = 3600

    let keys: JWTKeyCollection
    /// Tokens whose signature was already verified, with their claims: a client sends the same token on every
    /// poll, and RS256 verification plus claim decoding is a third of a GetTrip's cost. Room for a 30,000-vehicle
    /// city's drivers and riders. The time and audience rules are still checked on every request.
    private let verified = VerifiedTokenCache(capacity: 65_536)
    /// The key of each `kid` a token was verified with (RS256), for ``verifiedClaims(authorizationHeader:)``.
    private let verifiers = NIOLockedValueBox<[String: any JWTAlgorithm]>([:])

    public init(keys: JWTKeyCollection) { self.keys = keys }

    /// The caller of a request (``AuthenticationMiddleware``): the bearer token, its verified claims, and who they
    /// say the caller is if they hold at `now`.
    public func authenticate(authorizationHeader: String?, now: Date) async throws(FleetError) -> Principal {
        let token = try Self.bearerToken(authorizationHeader)
        return try Self.principal(await claims(of: token), now: now)
    }

    /// The claims of a token whose signature checks: from the cache, else verified (RS256 only) and kept.
    private func claims(of token: String) async throws(FleetError) -> FleetClaims {
        let key = VerifiedTokenCache.key(token)
        if let claims = verified[key] { return claims }
        let header = try Self.header(of: token)
        guard header.alg == "RS256" else {
            throw .unauthenticated(
                "JWT algorithm \"\(header.alg)\" is not accepted: Fleet Engine tokens are signed with RS256.")
        }
        let claims: FleetClaims
        do {
            claims = try await keys.verify(token, as: FleetClaims.self)
        } catch {
            throw .unauthenticated("JWT is not valid: \(Self.describe(error))")
        }
        verified[key] = claims
        if let kid = header.kid { await rememberVerifier(kid: kid) }
        return claims
    }

    /// Keeps the key `kid` names, which just verified a token, so that other tokens signed with it can be verified
    /// without waiting.
    private func rememberVerifier(kid: String) async {
        guard verifiers.withLockedValue({ $0[kid] == nil }),
            let key = try? await keys.getKey(for: JWKIdentifier(string: kid), alg: "RS256")
        else { return }
        verifiers.withLockedValue { $0[kid] = key }
    }

    /// The claims of a token whose signature checks, without waiting: verified before, or now with a key that
    /// verified another token (``verifiedNow(_:)``); nil for anything else (a key not met yet, a malformed or
    /// forged token…), which ``authenticate`` then settles with its error. The caller still checks the claims at its
    /// time (``principal(_:now:)``). Lets the fast path (``PollFastPath``) answer on the connection's event loop.
    func verifiedClaims(authorizationHeader: String?) -> FleetClaims? {
        guard let token = try? Self.bearerToken(authorizationHeader) else { return nil }
        let key = VerifiedTokenCache.key(token)
        if let claims = verified[key] { return claims }
        guard let claims = verifiedNow(token) else { return nil }
        verified[key] = claims
        return claims
    }

    /// The claims of a token not verified before, checked here and now with the key its `kid` names — when that key
    /// verified a token before (``rememberVerifier(kid:)``), the header says RS256 and the signature holds; nil
    /// otherwise, and the ordinary path verifies or refuses it. After a restart every client brings a new token at
    /// once (a depot's 50,000 shipments in five seconds): each verified here costs its signature check, where
    /// through Hummingbird and the key collection's actor it cost several times that.
    ///
    /// The token is read here only in the plain shape jwt-kit reads the same way: three parts in the base64url
    /// alphabet without padding, whose header and claims ``JSONTape`` reads (``FleetClaims/init(tape:)``). Anything
    /// else is left to jwt-kit. Its Foundation `JSONDecoder` for the header and the claims was two thirds of a new
    /// token's cost on the event loop.
    private func verifiedNow(_ token: String) -> FleetClaims? {
        let bytes = Array(token.utf8)
        guard let dots = Self.plainParts(bytes),
            let header = Self.decodedPart(bytes[..<dots.header]),
            let (alg, kid) = Self.readJSON(header, { try Self.algorithmAndKey(of: $0) }), alg == "RS256",
            let verifier = verifiers.withLockedValue({ $0[kid] }),
            let signature = Self.decodedPart(bytes[(dots.payload + 1)...]),
            (try? verifier.verify(signature, signs: bytes[..<dots.payload])) == true,
            let payload = Self.decodedPart(bytes[(dots.header + 1)..<dots.payload])
        else { return nil }
        return Self.readJSON(payload) { try FleetClaims(tape: $0) }
    }

    /// The positions of a token's two dots, when its three parts use only the base64url alphabet, unpadded — the
    /// text every decoder reads alike.
    private static func plainParts(_ bytes: [UInt8]) -> (header: Int, payload: Int)? {
        var dots: [Int] = []
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            case UInt8(ascii: "."):
                guard dots.count < 2 else { return nil }
                dots.append(index)
            default:
                return nil
            }
        }
        return dots.count == 2 ? (dots[0], dots[1]) : nil
    }

    private static func decodedPart(_ part: ArraySlice<UInt8>) -> [UInt8]? { try? Base64URL.decode(part) }

    /// `read` of the JSON object `json`; nil when the tape refuses the text or `read` throws.
    private static func readJSON<T>(_ json: [UInt8], _ read: (JSONTapeValue) throws -> T) -> T? {
        var tape = JSONTape()
        return json.withUnsafeBytes { text in
            guard tape.parse(text) else { return nil }
            return tape.withRoot(in: text) { root in root.isObject ? try? read(root) : nil }
        }
    }

    /// A header's `alg` and `kid`, both strings.
    private static func algorithmAndKey(of header: JSONTapeValue) throws -> (String, String) {
        guard let alg = try header.member("alg")?.string(), let kid = try header.member("kid")?.string() else {
            throw ProtoDirectDecodingMiss()
        }
        return (alg, kid)
    }

    /// Who a verified token's claims say the caller is, if they hold at `now` (``check(_:now:)``): the last step of
    /// ``authenticate``, and the one the fast path takes for a token verified before.
    static func principal(_ claims: FleetClaims, now: Date) throws(FleetError) -> Principal {
        try check(claims, now: now)
        let claimed = claims.authorization
        // No array is made for the usual token, which has no task claim: this runs for every poll.
        var taskIDs = claimed?.taskids ?? []
        if let task = claimed?.taskid { taskIDs.insert(task, at: 0) }
        return Principal(
            tripID: claimed?.tripid, vehicleID: claimed?.vehicleid, deliveryVehicleID: claimed?.deliveryvehicleid,
            taskIDs: taskIDs, trackingID: claimed?.trackingid,
            isFleetReader: claims.iss.value == TokenMinter.fleetReaderIssuer)
    }

    /// The JWT of an `Authorization: Bearer <JWT>` header.
    static func bearerToken(_ authorizationHeader: String?) throws(FleetError) -> String {
        guard let header = authorizationHeader.map(Self.trimmingBlanks), !header.isEmpty else {
            throw .unauthenticated(
                "Request is missing required authentication credential: expected an `Authorization: Bearer <JWT>` header."
            )
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .unauthenticated("The Authorization header must be `Bearer <JWT>`.")
        }
        return Self.trimmingBlanks(String(parts[1]))
    }

    /// Fleet Engine's claim rules, on a signature-checked token.
    public static func check(_ claims: FleetClaims, now: Date) throws(FleetError) {
        guard claims.aud.value.contains(FleetClaims.audience) else {
            throw .unauthenticated("JWT audience \(claims.aud.value) is not \"\(FleetClaims.audience)\".")
        }
        if claims.iat.value.timeIntervalSince(now) > clockSkew {
            throw .unauthenticated("JWT iat is more than 10 minutes in the future (clock skew?).")
        }
        if claims.exp.value <= now {
            throw .unauthenticated("JWT expired at \(ProtoTimestamp(claims.exp.value).rfc3339).")
        }
        if claims.exp.value.timeIntervalSince(now) > maximumLifetime + clockSkew {
            throw .unauthenticated("JWT exp is more than 1 hour ahead; Fleet Engine tokens live at most one hour.")
        }
        if claims.exp.value.timeIntervalSince(claims.iat.value) > maximumLifetime + clockSkew {
            throw .unauthenticated("JWT lifetime (exp − iat) is more than 1 hour.")
        }
    }

    /// `text` without leading and trailing spaces and tabs. Byte-wise: Foundation's `trimmingCharacters(in:)`
    /// walked the ~800-character token as UTF-16 on every request and was a quarter of a cached GetTrip's time.
    static func trimmingBlanks(_ text: String) -> String {
        let bytes = text.utf8
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else {
            return ""
        }
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first...last])
    }

    /// The `alg` and `kid` of the token's header, read before verification so that `none` and HMAC tokens are
    /// refused by name, and the key that verifies it can be kept by its `kid`. On the token's bytes: splitting the
    /// ~800-character token as `Character`s and mending its alphabet with Foundation took half of a new token's time
    /// before its signature was checked (a depot's first round).
    static func header(of token: String) throws(FleetError) -> (alg: String, kid: String?) {
        let bytes = Array(token.utf8)
        let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
        guard dots.count == 2 else {
            throw .unauthenticated("JWT is malformed: expected three dot-separated parts.")
        }
        guard let header = try? Base64URL.decode(bytes[..<dots[0]]),
            let object = try? JSONSerialization.jsonObject(with: Data(header)) as? [String: Any],
            let alg = object["alg"] as? String
        else { throw .unauthenticated("JWT header is malformed: no \"alg\".") }
        return (alg, object["kid"] as? String)
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? JWTError { return error.reason ?? "\(error.errorType)" }
        return "\(error)"
    }
}
