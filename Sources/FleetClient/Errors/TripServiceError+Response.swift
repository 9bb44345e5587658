import FleetModel
import Foundation

extension TripServiceError {
    /// The error an HTTP error response stands for: the code from Google's error JSON when there is one, else from
    /// the status; a body that is not Google's JSON (a proxy's HTML page, say) is quoted briefly in the message.
    static func from(httpStatus: Int, body: Data, retryAfter: Duration?) -> TripServiceError {
        let google = GoogleErrorBody.parse(body)
        var error = TripServiceError(httpStatus: httpStatus, body: google, retryAfter: retryAfter)
        if google == nil, let excerpt = excerpt(body) { error.message += " (body: \(excerpt))" }
        return error
    }

    /// The first 80 printable characters of a body, whitespace collapsed; nil when empty.
    static func excerpt(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(400), as: UTF8.self)
            .map { $0.isNewline || $0 == "\t" ? " " : $0 }
            .filter { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
        let collapsed = String(text).split(separator: " ").joined(separator: " ")
        guard !collapsed.isEmpty else { return nil }
        return collapsed.count > 80 ? String(collapsed.prefix(80)) + "…" : collapsed
    }
}
