import Foundation

/// How long a server asked a client to wait: the `Retry-After` header (delay-seconds or an HTTP date), else the
/// `retryDelay` of a `google.rpc.RetryInfo` in Google's error details.
enum RetryAfter {
    static func parse(header: String?, errorBody: Data, now: Date) -> Duration? {
        if let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty {
            if let seconds = Int(header), seconds >= 0 { return .seconds(seconds) }
            if let date = HTTPDate.parse(header) { return .seconds(max(0, date.timeIntervalSince(now).rounded(.up))) }
        }
        return retryInfo(in: errorBody)
    }

    /// `{"error": {"details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "30s"}]}}`.
    private static func retryInfo(in body: Data) -> Duration? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let error = object["error"] as? [String: Any], let details = error["details"] as? [[String: Any]]
        else { return nil }
        for detail in details where (detail["@type"] as? String)?.hasSuffix("google.rpc.RetryInfo") == true {
            if let text = detail["retryDelay"] as? String, text.hasSuffix("s"), let seconds = Double(text.dropLast()),
                seconds >= 0
            {
                return .milliseconds(Int64((seconds * 1000).rounded(.up)))
            }
        }
        return nil
    }
}
