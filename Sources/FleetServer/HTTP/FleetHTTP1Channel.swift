import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with the poll handlers around its codec: ``RepeatedPollHandler`` before NIO's
/// HTTP decoder (Hummingbird's `additionalChannelHandlers` only go after it) and ``CachedAnswerHandler`` after it,
/// sharing one ``ConnectionPolls`` per connection.
struct FleetHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let api: FleetAPI
    let logger: Logger
    /// Whether polls are answered on the event loop at all, and then whether repeated ones skip the codec.
    let answersPolls: Bool
    let answersRepeatedPolls: Bool

    /// Called on the new connection's event loop.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard answersPolls else { return HTTP1Channel(responder: responder).setup(channel: channel, logger: logger) }
        let polls = NIOLoopBound(ConnectionPolls(), eventLoop: channel.eventLoop)
        if answersRepeatedPolls {
            do {
                try channel.pipeline.syncOperations.addHandler(RepeatedPollHandler(api: api, logger: self.logger, polls: polls.value))
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [CachedAnswerHandler(api: api, logger: self.logger, polls: polls.value)])
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder).handle(value: value, logger: logger)
    }
}
