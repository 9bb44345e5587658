import Foundation
import HTTPTypes
import HummingbirdCore

/// What the two poll handlers do alike once they hold a poll: answer it, log it and give the answer's headers —
/// ``CachedAnswerHandler`` after NIO's HTTP codec, ``RepeatedPollHandler`` before it. Plain functions of a struct
/// and one generic, so each handler's call is direct and specialised: no allocation or dynamic dispatch is added
/// per answer.
extension PollFastPath {
    /// GetTrip's answer to `poll` (``answer(_:)``), logged as the ordinary path logs it — marked `cached` (as
    /// `cached` says which handler answered from the cache) or `live` — before it is written, so a client that has
    /// read the answer finds its line in the log. Nil when only the ordinary path can answer.
    func loggedAnswer(
        _ poll: CachedPoll, target: String, since start: ContinuousClock.Instant, cached: LoggingMiddleware.Cached
    ) -> Data? {
        guard let answer = answer(poll) else { return nil }
        // The fast path answers only GETs.
        LoggingMiddleware.log(
            logger, method: .get, path: Self.split(target).path, status: 200, since: start,
            cached: answer.cached ? cached : .live)
        return answer.body
    }

    /// The headers of every fast-path answer, in order, into `headers`: one list for both handlers' encodings, so
    /// their answers stay the same byte for byte (the tests compare them).
    static func writeAnswerHeaders<Headers: AnswerHeaders>(bodyCount: Int, date: String, into headers: inout Headers) {
        headers.add(.contentType, Response.fleetJSONContentType)
        headers.add(.contentLength, String(bodyCount))
        headers.add(.date, date)
    }

    /// A request target's path and query (split at the first `?`, as Hummingbird's `URI` does).
    static func split(_ target: String) -> (path: String, query: String) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, "") }
        return (String(target[..<mark]), String(target[target.utf8.index(after: mark)...]))
    }
}
