import NIOConcurrencyHelpers
import NIOCore

/// Spaces the TLS handshakes of new connections (``ConnectionPolicy/handshakeRate``), REST and gRPC together, so
/// that a crowd connecting at once — clients reconnecting after a restart, or slow-loris clients cut by the header
/// timeout all coming back — cannot hold the event loops from the connections already open: each handshake costs
/// a key exchange and a signature, on the event loop of its connection.
///
/// A connection waits its turn before its first byte is read: its ClientHello stays in the kernel's buffer until
/// then, and nothing of it is held here but a timer. Turns follow a generic cell rate: up to ``burst`` at once, then
/// one each `1 / rate` seconds. One whose turn would come after its header timeout is closed at once instead (as a
/// connection past `--max-connections` is): waiting would only end in that timeout.
public final class HandshakePacer: Sendable {
    /// Handshakes begun per second, once the burst is spent.
    public let rate: Int
    /// How many may begin at once.
    public var burst: Int { Int(tolerance.nanoseconds / interval.nanoseconds) + 1 }
    private let interval: TimeAmount
    private let tolerance: TimeAmount
    private let longestWait: TimeAmount
    /// When the next turn is due, as if every earlier connection had come exactly on time.
    private let nextTurn = NIOLockedValueBox(NIODeadline.uptimeNanoseconds(0))

    /// Paces at `rate` handshakes a second with a burst of 10 ms's worth; closes a connection that would wait
    /// `longestWait` or more.
    public init(rate: Int, longestWait: TimeAmount) {
        precondition(rate >= 1, "a handshake rate is at least 1 a second")
        self.rate = rate
        self.interval = .nanoseconds(max(1, 1_000_000_000 / Int64(rate)))
        self.tolerance = .nanoseconds(Int64(rate / 100) * interval.nanoseconds)
        self.longestWait = longestWait
    }

    /// How long a connection arriving `now` waits for its turn (zero: at once), or nil when it would wait
    /// `longestWait` or more and is to be closed; only a connection given a turn takes one.
    func turn(now: NIODeadline = .now()) -> TimeAmount? {
        nextTurn.withLockedValue { next in
            let due = max(next, now)
            let wait = due - tolerance - now
            guard wait < longestWait else { return nil }
            next = due + interval
            return max(wait, .zero)
        }
    }

    /// Holds `channel`'s reads until its turn (nothing when that is now), or closes it and returns false. Called
    /// on its event loop before it is active.
    func pace(_ channel: any Channel) -> Bool {
        guard let wait = turn() else {
            channel.close(promise: nil)
            return false
        }
        if wait > .zero {
            // First, so that it sees every read asked for, TLS's included.
            try? channel.pipeline.syncOperations.addHandler(WaitForTurn(wait: wait), position: .first)
        }
        return true
    }

    /// Passes no read towards the socket until its time has come, then the one asked meanwhile, and leaves.
    final class WaitForTurn: ChannelOutboundHandler, RemovableChannelHandler {
        typealias OutboundIn = Any

        private let wait: TimeAmount
        private var readAsked = false
        private var timer: Scheduled<Void>?

        init(wait: TimeAmount) {
            self.wait = wait
        }

        func handlerAdded(context: ChannelHandlerContext) {
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: wait) { [self] in
                timer = nil
                if readAsked { context.read() }
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            timer?.cancel()
            timer = nil
        }

        func read(context: ChannelHandlerContext) {
            readAsked = true
        }
    }
}
