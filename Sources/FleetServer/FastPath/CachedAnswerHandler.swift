import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// The fast path after NIO's HTTP decoder (``PollFastPath``): answers a parsed GetTrip poll from the ``AnswerCache``
/// or from memory on the connection's event loop, before Hummingbird sees it. Everything else — a miss memory cannot
/// answer, any failure, a token not verified yet — is passed on untouched to Hummingbird.
final class CachedAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let fastPath: PollFastPath
    private let polls: ConnectionPolls
    /// The request being read was answered here: its body and end are dropped.
    private var answered = false
    /// The last poll that could be answered here, by its target and Authorization header: a rider sends the same
    /// request on its connection every few seconds, and matching the route and reading the token again was a third
    /// of a cached answer's cost.
    private var lastPoll: (target: String, authorization: String, poll: CachedPoll)?

    init(fastPath: PollFastPath, polls: ConnectionPolls) {
        self.fastPath = fastPath
        self.polls = polls
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            let start = ContinuousClock.now
            if polls.unanswered == 0, let (target, poll, answer) = cachedAnswer(request) {
                answered = true
                polls.answered = (target, poll)
                // Logged when the answer is ready, before it is written, as the middleware logs: a client that has
                // read the answer finds its line in the log.
                LoggingMiddleware.log(
                    fastPath.logger, method: request.method, path: Self.split(target).path, status: 200, since: start,
                    cached: answer.cached ? .parsed : .live)
                respond(context, answer.body)
                return
            }
            polls.unanswered += 1
            context.fireChannelRead(data)
        case .body:
            if !answered { context.fireChannelRead(data) }
        case .end:
            if answered { answered = false } else { context.fireChannelRead(data) }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), polls.unanswered > 0 { polls.unanswered -= 1 }
        context.write(data, promise: promise)
    }

    /// The fast path's answer to a plain keep-alive GET, with its target and poll, or nil to pass the request on.
    private func cachedAnswer(
        _ request: HTTPRequest
    ) -> (target: String, poll: CachedPoll, answer: (body: Data, cached: Bool))? {
        guard request.method == .get, let target = request.path, !target.utf8.contains(UInt8(ascii: "#")),
            request.headerFields[.connection].map({ !$0.lowercased().contains("close") }) ?? true,
            request.headerFields[.expect] == nil
        else { return nil }
        let authorization = request.headerFields[.authorization]
        let poll: CachedPoll
        if let lastPoll, lastPoll.target == target, lastPoll.authorization == authorization {
            poll = lastPoll.poll
        } else {
            let (path, query) = Self.split(target)
            guard let fresh = fastPath.poll(path: path, rawQuery: query, authorization: authorization) else {
                return nil
            }
            poll = fresh
            lastPoll = authorization.map { (target, $0, fresh) }
        }
        return fastPath.answer(poll).map { (target, poll, $0) }
    }

    private func respond(_ context: ChannelHandlerContext, _ body: Data) {
        var headers = HTTPFields()
        headers[.contentType] = Response.fleetJSONContentType
        headers[.contentLength] = String(body.count)
        headers[.date] = polls.date.now()
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok, headerFields: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// A request target's path and query (split at the first `?`, as Hummingbird's `URI` does).
    static func split(_ target: String) -> (path: String, query: String) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, "") }
        return (String(target[..<mark]), String(target[target.utf8.index(after: mark)...]))
    }
}
