import FleetServer
import NIOCore
import NIOEmbedded
import Testing

/// ``HTTP2HeaderDeadline`` on an embedded channel with its own clock: closed when the preface, a frame header, a
/// HEADERS frame or a header block takes longer than the timeout; never while no header is under way, whatever
/// else arrives (SETTINGS, PINGs, DATA).
@Suite struct HTTP2HeaderDeadlineTests {
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
    static let settings: [UInt8] = [0, 0, 0, 0x4, 0, 0, 0, 0, 0]
    static let ping: [UInt8] = [0, 0, 8, 0x6, 0, 0, 0, 0, 0] + [UInt8](repeating: 1, count: 8)

    /// A frame of `type` with `flags` on stream 1 and `length` bytes of payload.
    static func frame(_ type: UInt8, flags: UInt8 = 0, length: Int = 4) -> [UInt8] {
        [0, UInt8(length >> 8), UInt8(length & 0xFF), type, flags, 0, 0, 0, 1] + [UInt8](repeating: 0x82, count: length)
    }

    /// A channel with the deadline (1 s), fed `chunks` `gap` apart, then left for `wait`: whether it is still open.
    func staysOpen(
        _ chunks: [[UInt8]], gap: TimeAmount = .milliseconds(100), wait: TimeAmount = .milliseconds(1500)
    ) throws -> Bool {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(handler: HTTP2HeaderDeadline(timeout: .seconds(1)), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        for chunk in chunks {
            try channel.writeInbound(channel.allocator.buffer(bytes: chunk))
            while try channel.readInbound(as: ByteBuffer.self) != nil {}
            loop.advanceTime(by: gap)
        }
        loop.advanceTime(by: wait)
        let open = channel.isActive
        _ = try? channel.finish()
        return open
    }

    @Test func aCompletePrefaceAndWholeFramesLeaveNothingTimed() throws {
        let headers = Self.frame(0x1, flags: 0x4 | 0x1)
        #expect(
            try staysOpen([Self.preface + Self.settings, headers, Self.frame(0x0, length: 100)], wait: .seconds(60)))
        // Frame boundaries anywhere in the reads: a byte at a time.
        #expect(try staysOpen((Self.preface + Self.settings + headers).map { [$0] }, gap: .zero, wait: .seconds(60)))
    }

    @Test func anUnfinishedPrefaceOrFrameHeaderIsCut() throws {
        #expect(try !staysOpen([Array(Self.preface.prefix(16))]))
        #expect(try !staysOpen([]), "nothing at all: the preface is due")
        #expect(try !staysOpen([Self.preface + Self.settings + [0, 0]]), "two bytes of a frame header")
    }

    /// HEADERS without END_HEADERS, then other frames a tenth of a second apart (NIO's HTTP/2 handler would refuse
    /// them; this handler only times): the header block is open past the timeout. Ended by a CONTINUATION, not cut.
    @Test func aHeaderBlockLeftOpenIsCut() throws {
        let open = Self.preface + Self.settings + Self.frame(0x1, flags: 0x1)
        #expect(try !staysOpen([open] + Array(repeating: Self.ping, count: 14), wait: .zero))
        let closed = [open, Self.ping, Self.frame(0x9, flags: 0x4)] + Array(repeating: Self.ping, count: 12)
        #expect(try staysOpen(closed, wait: .seconds(60)))
        #expect(
            try !staysOpen([Self.preface + Self.settings + Array(Self.frame(0x1, flags: 0x4).prefix(11))]),
            "half a HEADERS frame")
    }

    @Test func aSlowBodyIsNotTimed() throws {
        let data = Self.frame(0x0, length: 1000)
        let start = Self.preface + Self.settings + Self.frame(0x1, flags: 0x4) + Array(data.prefix(100))
        #expect(
            try staysOpen(
                [start] + stride(from: 100, to: 1009, by: 50).map { Array(data[$0..<min($0 + 50, 1009)]) },
                wait: .seconds(5)))
    }
}
