import NIOCore

/// The gRPC side's request-head timeout (``FleetServer/ConnectionPolicy/headerTimeout``): a connection whose TLS
/// handshake and HTTP/2 connection preface (the 24 bytes every HTTP/2 client sends first) have not arrived within
/// it is closed. A client sends both at once when it connects, so only one dribbling them (a slow-loris) meets it.
/// What follows is the transport's: a connection with no call open is closed after the idle timeout.
///
/// Not "until the first call": clients may connect ahead of their first call (grpc-swift's, Python's
/// `channel_ready_future`), and such a connection is idle, not slow.
///
/// In the connection's pipeline from accept, right after TLS (first without it), where it reads the bytes HTTP/2
/// will; it removes itself once the preface is in, which stops its clock.
final class PrefaceDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`.
    static let prefaceLength = 24

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    private var received = 0

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += unwrapInboundIn(data).readableBytes
        context.fireChannelRead(data)
        if received >= Self.prefaceLength, timer != nil {
            timer?.cancel()
            timer = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}

/// A gRPC connection closed at accept: `--max-connections` connections were open.
struct ConnectionRefusedAtLimit: Error, CustomStringConvertible {
    var description: String { "connection closed at accept: the server's connection limit is reached" }
}
