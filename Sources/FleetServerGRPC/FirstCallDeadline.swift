import NIOCore

/// The gRPC side's request-head timeout (``FleetServer/ConnectionPolicy/headerTimeout``): a connection that has not
/// opened its first call within it — TLS handshake, HTTP/2 preface and the call's headers — is closed. Google's
/// clients connect when they have a call to make and send it at once, so only a client that holds a connection
/// without using it (a slow-loris) meets it; later calls of a connection, and the time between them, are the idle
/// timeout's.
///
/// First in the connection's pipeline from accept; the first call removes it, which stops its clock.
final class FirstCallDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?

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

    /// Stops the clock of `connection`, if it still runs: a call has been opened on it. Called on the connection's
    /// event loop (a stream's is its connection's).
    static func callArrived(on connection: any Channel) {
        let pipeline = connection.pipeline.syncOperations
        guard let handler = try? pipeline.handler(type: FirstCallDeadline.self) else { return }
        pipeline.removeHandler(handler, promise: nil)
    }
}

/// A gRPC connection closed at accept: `--max-connections` connections were open.
struct ConnectionRefusedAtLimit: Error, CustomStringConvertible {
    var description: String { "connection closed at accept: the server's connection limit is reached" }
}
