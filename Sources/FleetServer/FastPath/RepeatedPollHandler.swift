import Foundation
import HummingbirdCore
import NIOCore

/// The fast path before NIO's HTTP decoder (``PollFastPath``): answers a read that repeats, byte for byte, the
/// connection's last poll answered from the cache, before the HTTP codec parses it.
///
/// A rider's client sends the identical request — same target, same token — on its connection every few seconds.
/// Once ``CachedAnswerHandler`` has answered it, parsing it again (NIO's HTTP decoder, then swift-http-types) and
/// encoding the answer through the same layers was most of what an answer cost (docs/PERFORMANCE.md). Only that
/// parsing is skipped: the token's expiry, the cache's freshness and the rules are checked for every answer
/// (``PollFastPath/answer(_:)``), and anything else goes on to the codec.
///
/// It works only while the decoder is between requests: a read it passes on must be exactly one HTTP/1.1 GET
/// without a body, or the connection never takes this path again (pipelined or split requests, bodies).
final class RepeatedPollHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let fastPath: PollFastPath
    private let polls: ConnectionPolls
    /// Every byte passed on so far formed whole bodiless requests, so the decoder holds nothing.
    private var betweenRequests = true
    /// The last read that was one poll answered from the cache (a copy: the read's own storage goes back to NIO).
    private var last: (request: ByteBuffer, target: String, poll: CachedPoll)?

    init(fastPath: PollFastPath, polls: ConnectionPolls) {
        self.fastPath = fastPath
        self.polls = polls
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if betweenRequests, polls.unanswered == 0, let last, last.request == bytes,
            let body = fastPath.loggedAnswer(
                last.poll, target: last.target, since: ContinuousClock.now, cached: .repeated)
        {
            context.writeAndFlush(wrapOutboundOut(response(body, allocator: context.channel.allocator)), promise: nil)
            return
        }
        let whole = betweenRequests && Self.isOneBodilessGET(bytes)
        polls.answered = nil
        context.fireChannelRead(data)
        betweenRequests = whole
        last = whole ? polls.answered.map { (ByteBuffer(bytes: bytes.readableBytesView), $0.target, $0.poll) } : nil
    }

    /// The answer, byte for byte as NIO's encoder writes ``CachedAnswerHandler``'s (the tests compare the two).
    private func response(_ body: Data, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: body.count + 128)
        buffer.writeStaticString("HTTP/1.1 200 OK")
        PollFastPath.writeAnswerHeaders(bodyCount: body.count, date: polls.date.now(), into: &buffer)
        buffer.writeStaticString("\r\n\r\n")
        buffer.writeBytes(body)
        return buffer
    }

    /// Whether `bytes` are exactly one HTTP/1.1 GET without a body: after them the decoder is between requests again.
    /// Every line must end in CRLF (a lone CR or LF is refused), and no header may announce a body.
    static func isOneBodilessGET(_ bytes: ByteBuffer) -> Bool {
        bytes.withUnsafeReadableBytes { raw in
            guard raw.starts(with: "GET ".utf8) else { return false }
            let (cr, lf) = (UInt8(ascii: "\r"), UInt8(ascii: "\n"))
            var lineStart = 0
            var index = 0
            while index < raw.count {
                let byte = raw[index]
                if byte == lf { return false }
                guard byte == cr else {
                    index += 1
                    continue
                }
                guard index + 1 < raw.count, raw[index + 1] == lf else { return false }
                let line = UnsafeRawBufferPointer(rebasing: raw[lineStart..<index])
                if lineStart == 0 {
                    guard line.suffix(9).elementsEqual(" HTTP/1.1".utf8) else { return false }
                } else if line.isEmpty {
                    return index + 2 == raw.count
                } else if announcesBody(line) {
                    return false
                }
                index += 2
                lineStart = index
            }
            return false
        }
    }

    /// A header line naming Content-Length or Transfer-Encoding, in any case.
    private static func announcesBody(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let name = line[..<colon].lazy.map { $0 | 0x20 }  // ASCII letters to lower case; '-' is unchanged
        return name.elementsEqual("content-length".utf8) || name.elementsEqual("transfer-encoding".utf8)
    }
}
