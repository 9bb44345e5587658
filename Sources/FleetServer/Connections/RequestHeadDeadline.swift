import NIOCore
import NIOHTTPTypes

/// One HTTP/1.1 connection's clock for request heads (``ConnectionPolicy/headerTimeout``): armed when the
/// connection is accepted (so it covers the TLS handshake) and whenever the first bytes of a new request arrive,
/// stopped when the decoder has read that request's head; if it runs out first, the connection is closed. Between
/// requests it is not running: an idle keep-alive connection is the idle timeout's (``CloseWhenIdleHandler``).
///
/// Two handlers feed it, because no single place in the pipeline sees both raw bytes and parsed heads:
/// ``BytesHandler`` just before NIO's HTTP decoder, after the fast path's ``RepeatedPollHandler`` (which answers
/// whole requests itself, so what it answers never arms the clock), and ``HeadsHandler`` just after the decoder,
/// before ``CachedAnswerHandler`` (which consumes the heads it answers). Both run on the connection's event loop,
/// the only place it is used.
final class RequestHeadDeadline {
    private let channel: any Channel
    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// A head has been read and its request's end not yet: bytes now are its body, not a new head.
    private var inRequest = false
    /// Over HTTP/2 there are no heads to wait for here: ``HTTP2HeaderDeadline`` times its header blocks.
    private var stopped = false

    init(channel: any Channel, timeout: TimeAmount) {
        self.channel = channel
        self.timeout = timeout
    }

    /// Starts the clock unless it runs already.
    func arm() {
        guard timer == nil, !stopped else { return }
        timer = channel.eventLoop.scheduleTask(in: timeout) { [channel] in channel.close(promise: nil) }
    }

    /// Stops the clock for good: the connection went to HTTP/2.
    func stop() {
        stopped = true
        timer?.cancel()
        timer = nil
    }

    fileprivate func bytesArrived() {
        if !inRequest { arm() }
    }

    fileprivate func headRead() {
        timer?.cancel()
        timer = nil
        inRequest = true
    }

    fileprivate func endRead() {
        inRequest = false
    }

    /// Goes just before NIO's HTTP decoder: a read while no request is open starts the clock.
    var bytesHandler: BytesHandler { BytesHandler(deadline: self) }
    /// Goes just after the decoder: a head stops the clock, an end closes the request.
    var headsHandler: HeadsHandler { HeadsHandler(deadline: self) }

    final class BytesHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        private let deadline: RequestHeadDeadline

        fileprivate init(deadline: RequestHeadDeadline) { self.deadline = deadline }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            deadline.bytesArrived()
            context.fireChannelRead(data)
        }
    }

    final class HeadsHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart
        private let deadline: RequestHeadDeadline

        fileprivate init(deadline: RequestHeadDeadline) { self.deadline = deadline }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head: deadline.headRead()
            case .body: break
            case .end: deadline.endRead()
            }
            context.fireChannelRead(data)
        }
    }
}

/// Closes the connection on the ``NIOCore/IdleStateHandler``'s event: nothing read or written for
/// ``ConnectionPolicy/idleTimeout``. It counts every byte, so polls the fast path answers keep a connection alive
/// as much as those Hummingbird answers (Hummingbird's own idle timeout sees only the latter). The gRPC side puts
/// it behind its transport's graceful idle close, for a client that ignores that.
public final class CloseWhenIdleHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = NIOAny

    public init() {}

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
