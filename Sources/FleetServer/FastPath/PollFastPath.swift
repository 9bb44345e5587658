import FleetModel
import Foundation
import HummingbirdCore
import Logging

/// The fast path: GetTrip and GetTaskTrackingInfo polls answered on the connection's event loop beside Hummingbird
/// instead of through it — from the ``AnswerCache``, or computed from the trip and vehicle, or the shipment's tasks
/// and van, in memory. Riders poll the same trip every few
/// seconds and nearly every poll is a cache hit; through Hummingbird one costs two thread hops (event loop → Swift's
/// pool → event loop), more than the hit itself. Measured: +60–70 % polls a second (docs/PERFORMANCE.md). A city's
/// riders each poll their own trip while its vehicle reports, so their polls miss; computed from memory they read
/// no row and decode no JSON. So do a depot's consumers, each polling their own shipment
/// (``FleetMethods/liveShipmentAnswer(_:now:cacheKey:options:)``, from the ``DeliveryReadCache``).
///
/// A shortcut, not a second server: it shares every rule with the ordinary path (``FleetResponder``) by calling the
/// same code.
/// - The request is read by ``RoutedRequest`` (``FleetRoute``, ``QueryParameters``, the query's names) and must be a
///   plain keep-alive GetTrip.
/// - The token's signature must check without waiting (``Authenticator/verifiedClaims(authorizationHeader:)``:
///   verified before, or now with a key met before); its claims are checked at this second by
///   ``Authenticator/principal(_:now:)``, the step ``AuthenticationMiddleware`` ends in too.
/// - The answer is the ``AnswerCache``'s under ``FleetAPI/answerKey(_:rawQuery:)`` — this second's, or the last
///   second's while another request refreshes it — and ``FleetMethods/authorize(_:toRead:tripID:)`` must let the
///   token read the trip. Else, for an active trip of a provider whose trips are in memory (``SearchIndex``),
///   ``FleetMethods/liveTripAnswer(_:principal:now:cacheKey:encode:)`` computes it as the ordinary path would and
///   caches it.
/// - It only ever serves that success. Anything else — a miss, a token it cannot verify, any failure — goes on
///   untouched to Hummingbird, which gives the same answer or the error, so errors are made in one place.
/// - Its answer has the same bytes and headers, and the same log line, marked `cached` or `live`
///   (``LoggingMiddleware/log(_:method:path:status:since:cached:)``).
/// - While a request of the same connection is in Hummingbird, later ones go there too: responses keep the order
///   of requests (HTTP/1.1 pipelining).
///
/// Its parts: ``FastPathHTTP1Channel`` puts the handlers in each HTTP/1.1 connection's pipeline (behind TLS when
/// there is TLS: ``FleetHTTPChannel``); ``CachedAnswerHandler`` answers after NIO's HTTP decoder,
/// ``RepeatedPollHandler`` before it when a read repeats the last poll byte for byte; ``ConnectionPolls`` is what
/// the two share per connection. A class, immutable, so that those handlers, two in each connection, hold a
/// reference rather than a copy of the API.
final class PollFastPath: Sendable {
    let api: FleetAPI
    let logger: Logger
    /// Whether a read that repeats the connection's last answered poll is answered before the decoder parses it.
    let answersRepeatedPolls: Bool

    init(api: FleetAPI, logger: Logger, answersRepeatedPolls: Bool) {
        self.api = api
        self.logger = logger
        self.answersRepeatedPolls = answersRepeatedPolls
    }

    /// `path`, `rawQuery` and `authorization` as a ``CachedPoll``, or nil when only the ordinary path can answer.
    func poll(path: String, rawQuery: String, authorization: String?) -> CachedPoll? {
        guard let routed = try? RoutedRequest(method: .get, path: path, rawQuery: rawQuery),
            (try? routed.validateQuery()) != nil,
            let claims = api.authenticator.verifiedClaims(authorizationHeader: authorization)
        else { return nil }
        let resource: CachedPoll.Resource
        let key: String
        switch routed.route {
        case .getTrip(let name):
            guard let request = try? FleetAPI.getTripRequest(name, query: routed.query) else { return nil }
            resource = .trip(request, tripID: name.tripID)
            key = FleetAPI.answerKey(name, rawQuery: rawQuery)
        case .getTaskTrackingInfo(let name):
            do { _ = try routed.query.deliveryHeader() } catch { return nil }
            resource = .shipment(name)
            key = FleetAPI.answerKey(name, rawQuery: rawQuery)
        default:
            return nil
        }
        return CachedPoll(
            resource: resource, options: ProtoJSONEncodingOptions(enumsAsIntegers: routed.query.enumsAsIntegers),
            key: key, claims: claims)
    }

    /// The answer to `poll` when it can be given without waiting, once the token's claims hold now: the
    /// ``AnswerCache``'s, or one computed from memory
    /// (``FleetMethods/liveTripAnswer(_:principal:now:cacheKey:encode:)``,
    /// ``FleetMethods/liveShipmentAnswer(_:now:cacheKey:options:)``), if the token may read it. Nil
    /// otherwise, and the ordinary path then gives the same answer or the error. Never waits, so it can run on the
    /// connection's event loop.
    func answer(_ poll: CachedPoll) -> (body: Data, cached: Bool)? {
        let clock = api.clock()
        guard let principal = try? Authenticator.principal(poll.claims, now: clock) else { return nil }
        let now = ProtoTimestamp(clock)
        switch poll.resource {
        case .trip(let request, let tripID):
            if let answer = api.store.answers.reusableAnswer(for: poll.key, second: now.seconds) {
                return (try? FleetMethods.authorize(principal, toRead: answer, tripID: tripID)) != nil
                    ? (answer.body, true) : nil
            }
            let live = api.methods.liveTripAnswer(request, principal: principal, now: now, cacheKey: poll.key) {
                try ProtoJSON.encode($0, options: poll.options)
            }
            return live.map { ($0, false) }
        case .shipment(let name):
            guard (try? Authorizer.authorize(principal, .getTaskTrackingInfo(trackingID: name.trackingID))) != nil
            else { return nil }
            if let answer = api.store.answers.reusableAnswer(for: poll.key, second: now.seconds) {
                return (answer.body, true)
            }
            let live = api.methods.liveShipmentAnswer(name, now: now, cacheKey: poll.key, options: poll.options)
            return live.map { ($0, false) }
        }
    }
}
