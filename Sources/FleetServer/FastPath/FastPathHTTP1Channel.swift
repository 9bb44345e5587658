import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with the fast path's handlers around its codec: ``RepeatedPollHandler`` before
/// NIO's HTTP decoder (Hummingbird's `additionalChannelHandlers` only go after it) and ``CachedAnswerHandler`` after
/// it, sharing one ``ConnectionPolls`` per connection; and between them and the codec, the two handlers of the
/// connection's ``RequestHeadDeadline``. ``FleetHTTPChannel`` puts it behind TLS when there is TLS. Without a fast
/// path (`serve --no-event-loop-answers`) only the deadline's handlers are added.
struct FastPathHTTP1Channel: Sendable {
    let responder: HTTPChannelHandler.Responder
    let fastPath: PollFastPath?

    /// Called on the connection's event loop.
    func setup(
        channel: any Channel, deadline: RequestHeadDeadline, logger: Logger
    ) -> EventLoopFuture<HTTP1Channel.Value> {
        var afterDecoder: [any RemovableChannelHandler] = [deadline.headsHandler]
        do {
            let pipeline = channel.pipeline.syncOperations
            if let fastPath {
                let polls = ConnectionPolls()
                if fastPath.answersRepeatedPolls {
                    try pipeline.addHandler(RepeatedPollHandler(fastPath: fastPath, polls: polls))
                }
                afterDecoder.append(CachedAnswerHandler(fastPath: fastPath, polls: polls))
            }
            try pipeline.addHandler(deadline.bytesHandler)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // Loop-bound, so that the Sendable closure Hummingbird calls (on this loop, during its setup) may carry them.
        let handlers = NIOLoopBound(afterDecoder, eventLoop: channel.eventLoop)
        let configuration = HTTP1Channel.Configuration(additionalChannelHandlers: handlers.value)
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await HTTP1Channel(responder: responder).handle(value: value, logger: logger)
    }
}
