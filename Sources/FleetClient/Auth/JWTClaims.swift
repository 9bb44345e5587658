import Foundation

/// Reads claims from a JWT's payload without verifying its signature — only so that a fixed token's expiry is
/// known and it can be reported before the server rejects it. The server is what checks the signature.
public enum JWTClaims {
    /// The payload of a compact JWS (`header.payload.signature`) as a JSON object, or nil when it is not one.
    public static func payload(of token: String) -> [String: Any]? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = base64URLDecode(parts[1]),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object
    }

    /// The `exp` claim (seconds since 1970) as a date.
    public static func expiry(of token: String) -> Date? {
        guard let exp = payload(of: token)?["exp"] as? NSNumber else { return nil }
        return Date(timeIntervalSince1970: exp.doubleValue)
    }

    private static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
