import NIOCore
import NIOEmbedded
import Testing

@testable import FleetServer

/// ``HandshakePacer``: a burst at once, then one turn each `1 / rate`; a connection whose turn would come too late is
/// closed and takes none; a paced connection's reads wait for its turn.
@Suite struct HandshakePacerTests {
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    @Test func aBurstGoesAtOnceAndTheRestOneAnInterval() {
        // 1,000 a second: an interval of 1 ms, a burst of 10 ms's worth and the one on time.
        let pacer = HandshakePacer(rate: 1_000, longestWait: .seconds(10))
        #expect(pacer.burst == 11)
        let waits = (0..<14).map { _ in pacer.turn(now: start) }
        #expect(waits.prefix(11).allSatisfy { $0 == .zero }, "\(waits)")
        #expect(Array(waits.suffix(3)) == [.milliseconds(1), .milliseconds(2), .milliseconds(3)])
        // Time spent idle earns the burst back, and no more.
        let later = start + .seconds(1)
        #expect((0..<11).allSatisfy { _ in pacer.turn(now: later) == .zero })
        #expect(pacer.turn(now: later) == .milliseconds(1))
    }

    @Test func oneThatWouldWaitTooLongIsRefusedAndTakesNoTurn() {
        let pacer = HandshakePacer(rate: 1_000, longestWait: .milliseconds(3))
        let waits = (0..<16).map { _ in pacer.turn(now: start) }
        #expect(waits.compactMap { $0 } == Array(repeating: .zero, count: 11) + [1, 2].map(TimeAmount.milliseconds))
        #expect(waits.suffix(3).allSatisfy { $0 == nil }, "\(waits)")
        // The refused took nothing: 1 ms on, the next waits as the last refused would have, 2 ms.
        #expect(pacer.turn(now: start + .milliseconds(1)) == .milliseconds(2))
    }

    @Test func aPacedConnectionsReadsWaitForItsTurnAndOnlyThen() throws {
        let pacer = HandshakePacer(rate: 1, longestWait: .seconds(10))
        let loop = EmbeddedEventLoop()
        let first = EmbeddedChannel(loop: loop)
        let second = EmbeddedChannel(loop: loop)
        defer { _ = try? first.finish() }
        defer { _ = try? second.finish() }
        #expect(pacer.pace(first) && pacer.pace(second))
        // Between the pacer's handler and the socket, counting the reads that get past it.
        let (firstReads, secondReads) = (ReadCounter(), ReadCounter())
        try first.pipeline.syncOperations.addHandler(firstReads, position: .first)
        try second.pipeline.syncOperations.addHandler(secondReads, position: .first)
        first.pipeline.read()
        second.pipeline.read()
        #expect(firstReads.count == 1, "the first is in the burst")
        #expect(secondReads.count == 0, "the second waits a second")
        loop.advanceTime(by: .milliseconds(900))
        #expect(secondReads.count == 0)
        loop.advanceTime(by: .milliseconds(200))
        #expect(secondReads.count == 1, "its turn came: the read asked for meanwhile goes on")
        second.pipeline.read()
        #expect(secondReads.count == 2, "and then reads pass")
        #expect(throws: (any Error).self) {
            try second.pipeline.syncOperations.handler(type: HandshakePacer.WaitForTurn.self)
        }
    }

    @Test func aConnectionRefusedIsClosed() throws {
        let pacer = HandshakePacer(rate: 1, longestWait: .milliseconds(500))
        let loop = EmbeddedEventLoop()
        let (first, second) = (EmbeddedChannel(loop: loop), EmbeddedChannel(loop: loop))
        try first.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try second.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        #expect(pacer.pace(first))
        #expect(!pacer.pace(second), "its turn, a second away, is past its wait of 0.5 s")
        loop.run()
        #expect(first.isActive && !second.isActive)
        _ = try? first.finish()
    }
}

/// Counts the reads that pass it towards the socket.
private final class ReadCounter: ChannelOutboundHandler {
    typealias OutboundIn = Any
    private(set) var count = 0

    func read(context: ChannelHandlerContext) {
        count += 1
        context.read()
    }
}
