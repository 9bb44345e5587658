import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with the fast path's handlers around its codec: ``RepeatedPollHandler`` before
/// NIO's HTTP decoder (Hummingbird's `additionalChannelHandlers` only go after it) and ``CachedAnswerHandler`` after
/// it, sharing one ``ConnectionPolls`` per connection.
struct FastPathHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let fastPath: PollFastPath

    /// Called on the new connection's event loop.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let polls = NIOLoopBound(ConnectionPolls(), eventLoop: channel.eventLoop)
        if fastPath.answersRepeatedPolls {
            do {
                let repeated = RepeatedPollHandler(fastPath: fastPath, polls: polls.value)
                try channel.pipeline.syncOperations.addHandler(repeated)
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [CachedAnswerHandler(fastPath: fastPath, polls: polls.value)])
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder).handle(value: value, logger: logger)
    }
}
