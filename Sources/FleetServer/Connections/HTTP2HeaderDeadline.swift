import NIOCore

/// The request-head timeout over HTTP/2 (``ConnectionPolicy/headerTimeout``), for REST's HTTP/2 and for gRPC: the
/// connection is closed when its connection preface, a frame header, a HEADERS frame or a header block (HEADERS and
/// its CONTINUATIONs up to END_HEADERS) takes longer than the timeout from its first byte. A slow-loris client that
/// opens a stream and dribbles its headers, keeping the connection busy with PINGs so the idle timeout never comes,
/// holds nothing for long; bodies (DATA) are not timed, as HTTP/1.1's are not.
///
/// It reads frame boundaries only — a frame's 9-byte header gives its length, type and flags — and passes every byte
/// on unchanged, so it sits on the raw bytes right after TLS (first without it), before NIO's HTTP/2 handler, which
/// assembles header blocks itself and shows none until it is whole. Armed when added: a server's connection starts
/// with the client's preface.
public final class HTTP2HeaderDeadline: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer

    /// `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`.
    static let prefaceLength = 24
    static let frameHeaderLength = 9
    /// Frame types that carry a header block, and the flag that ends it (RFC 9113 §6.2, §6.6, §6.10).
    static let headers: UInt8 = 0x1
    static let pushPromise: UInt8 = 0x5
    static let continuation: UInt8 = 0x9
    static let endHeaders: UInt8 = 0x4

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    private var prefaceLeft = HTTP2HeaderDeadline.prefaceLength
    /// The frame header read so far, until it has all 9 bytes.
    private var frameHeader: [UInt8] = []
    private var payloadLeft = 0
    private var frameType: UInt8 = 0
    private var frameFlags: UInt8 = 0
    /// A HEADERS or PUSH_PROMISE without END_HEADERS came; its CONTINUATIONs have not all.
    private var headerBlockOpen = false

    public init(timeout: TimeAmount) {
        self.timeout = timeout
        frameHeader.reserveCapacity(Self.frameHeaderLength)
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        arm(context)
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        read(unwrapInboundIn(data).readableBytesView)
        if isWaitingForHeaders { arm(context) } else { disarm() }
        context.fireChannelRead(data)
    }

    /// Something of the headers' has begun and not ended.
    var isWaitingForHeaders: Bool {
        prefaceLeft > 0 || !frameHeader.isEmpty || headerBlockOpen
            || (payloadLeft > 0
                && (frameType == Self.headers || frameType == Self.pushPromise || frameType == Self.continuation))
    }

    /// Follows frame boundaries through `bytes`.
    func read(_ bytes: ByteBufferView) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let available = bytes.endIndex - index
            if prefaceLeft > 0 {
                let taken = min(prefaceLeft, available)
                prefaceLeft -= taken
                index += taken
            } else if payloadLeft > 0 {
                let taken = min(payloadLeft, available)
                payloadLeft -= taken
                index += taken
                if payloadLeft == 0 { frameEnded() }
            } else {
                frameHeader.append(bytes[index])
                index += 1
                guard frameHeader.count == Self.frameHeaderLength else { continue }
                payloadLeft = Int(frameHeader[0]) << 16 | Int(frameHeader[1]) << 8 | Int(frameHeader[2])
                (frameType, frameFlags) = (frameHeader[3], frameHeader[4])
                frameHeader.removeAll(keepingCapacity: true)
                if payloadLeft == 0 { frameEnded() }
            }
        }
    }

    private func frameEnded() {
        switch frameType {
        case Self.headers, Self.pushPromise: headerBlockOpen = frameFlags & Self.endHeaders == 0
        case Self.continuation where frameFlags & Self.endHeaders != 0: headerBlockOpen = false
        default: break
        }
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
