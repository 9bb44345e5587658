import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// The fast path after NIO's HTTP decoder (``PollFastPath``): answers a parsed GetTrip poll from the ``AnswerCache``
/// or from memory on the connection's event loop, before Hummingbird sees it. Everything else — a miss memory cannot
/// answer, any failure, a token it cannot verify without waiting — is passed on untouched to Hummingbird.
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
            if polls.unanswered == 0, let (target, poll, body) = cachedAnswer(request, since: ContinuousClock.now) {
                answered = true
                polls.answered = (target, poll)
                respond(context, body)
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

    /// The fast path's answer to a plain keep-alive GET, logged, with its target and poll, or nil to pass the request
    /// on.
    private func cachedAnswer(
        _ request: HTTPRequest, since start: ContinuousClock.Instant
    ) -> (target: String, poll: CachedPoll, body: Data)? {
        guard request.method == .get, let target = request.path, !target.utf8.contains(UInt8(ascii: "#")),
            request.headerFields[.connection].map({ !$0.lowercased().contains("close") }) ?? true,
            request.headerFields[.expect] == nil
        else { return nil }
        let authorization = request.headerFields[.authorization]
        let poll: CachedPoll
        if let lastPoll, lastPoll.target == target, lastPoll.authorization == authorization {
            poll = lastPoll.poll
        } else {
            let (path, query) = PollFastPath.split(target)
            guard let fresh = fastPath.poll(path: path, rawQuery: query, authorization: authorization) else {
                return nil
            }
            poll = fresh
            lastPoll = authorization.map { (target, $0, fresh) }
        }
        return fastPath.loggedAnswer(poll, target: target, since: start, cached: .parsed).map { (target, poll, $0) }
    }

    private func respond(_ context: ChannelHandlerContext, _ body: Data) {
        var headers = HTTPFields()
        PollFastPath.writeAnswerHeaders(bodyCount: body.count, date: polls.date.now(), into: &headers)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok, headerFields: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
