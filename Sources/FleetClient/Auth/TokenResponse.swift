import FleetModel
import Foundation

/// What a token command or token URL answers: a bare token, or JSON in the shape the JavaScript journey-sharing
/// library's `authTokenFetcher` returns, `{"token": "…", "expiresInSeconds": 3600}`. Google's sample token
/// servers' `expirationTimestampMs` is accepted too; without either, the JWT's `exp` claim is used.
enum TokenResponse {
    /// Parses `text`, fetched at `now`; `source` names where it came from in errors (`token command "…"`).
    static func parse(_ text: String, source: String, now: Date) throws(TripServiceError) -> AuthToken {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw failure(source, "printed nothing (expected a token or {\"token\": …})") }
        guard trimmed.hasPrefix("{") else {
            guard !trimmed.contains(where: \.isWhitespace) else {
                throw failure(source, "printed more than one word (expected a bare token or JSON {\"token\": …})")
            }
            return AuthToken(jwt: trimmed)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else {
            throw failure(source, "printed invalid JSON (expected {\"token\": …, \"expiresInSeconds\": …})")
        }
        guard let token = object["token"] as? String, !token.isEmpty else {
            throw failure(source, "answered JSON without a \"token\" string")
        }
        if let seconds = number(object["expiresInSeconds"]) {
            return AuthToken(value: token, expiresAt: now.addingTimeInterval(seconds))
        }
        if let millis = number(object["expirationTimestampMs"]) {
            return AuthToken(value: token, expiresAt: Date(timeIntervalSince1970: millis / 1000))
        }
        return AuthToken(jwt: token)
    }

    /// A number, or a string holding one (int64 fields travel as strings in proto3 JSON).
    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: n.doubleValue
        case let s as String: Double(s)
        default: nil
        }
    }

    static func failure(_ source: String, _ what: String) -> TripServiceError {
        TripServiceError(code: .unauthenticated, message: "\(source) \(what)")
    }
}
