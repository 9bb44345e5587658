import Foundation
import NIOCore
import NIOPosix

/// Fixes from a running gpsd, over its TCP JSON protocol: connects to `host:port` (gpsd's default is 2947), sends
/// `?WATCH={"enable":true,"json":true}`, and turns each TPV report with a 2D or 3D fix into a fix.
///
/// When gpsd is not there or goes away (a restart, a USB receiver replugged), the source reconnects with backoff
/// — `initialBackoff`, doubling up to `maximumBackoff`, back to the start after a connection that delivered a fix —
/// and the stream goes on; it ends only when cancelled. ``status`` tells how it is doing.
public struct GpsdLocationSource: LocationSource {
    public let host: String
    public let port: Int
    public var initialBackoff: Duration = .milliseconds(500)
    public var maximumBackoff: Duration = .seconds(10)
    let clock: any Clock<Duration>
    private let shared = SharedValue(GpsdStatus())

    public static let watchCommand = #"?WATCH={"enable":true,"json":true}"# + "\n"

    public init(host: String, port: Int = 2947, clock: any Clock<Duration> = ContinuousClock()) {
        self.host = host
        self.port = port
        self.clock = clock
    }

    /// Parses `HOST:PORT`, `HOST` (port 2947) or `[v6]:PORT`.
    public init(address: String, clock: any Clock<Duration> = ContinuousClock()) throws(LocationSourceError) {
        var host = address, port = 2947
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            host = String(address[address.index(after: address.startIndex)..<close])
            let rest = address[address.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let p = Int(rest.dropFirst()) else {
                    throw LocationSourceError("gpsd address \"\(address)\" is not HOST:PORT")
                }
                port = p
            }
        } else if let colon = address.lastIndex(of: ":") {
            host = String(address[..<colon])
            guard let p = Int(address[address.index(after: colon)...]) else {
                throw LocationSourceError("gpsd address \"\(address)\" is not HOST:PORT")
            }
            port = p
        }
        guard !host.isEmpty, (1...65535).contains(port) else {
            throw LocationSourceError("gpsd address \"\(address)\" needs a host and a port in 1...65535")
        }
        self.init(host: host, port: port, clock: clock)
    }

    public var status: GpsdStatus { shared.value }

    public func fixes() -> AsyncThrowingStream<LocationFix, any Error> {
        let source = self
        return Self.stream { continuation in
            var backoff = source.initialBackoff
            while true {
                try Task.checkCancellation()
                var delivered = false
                do {
                    delivered = try await source.session { continuation.yield($0) }
                    source.shared.value.lastError = "gpsd closed the connection"
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    source.shared.value.lastError = "\(error)"
                }
                source.shared.value.isConnected = false
                if delivered { backoff = source.initialBackoff }
                try await source.clock.sleep(for: backoff)
                backoff = min(backoff * 2, source.maximumBackoff)
            }
        }
    }

    /// One connection: watch, then read lines until gpsd closes. Returns whether any fix came through.
    private func session(_ deliver: (LocationFix) -> Void) async throws -> Bool {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        shared.value.connections += 1
        shared.value.isConnected = true
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: Self.watchCommand))
            var delivered = false
            var pending: [UInt8] = []
            for try await chunk in inbound {
                pending += chunk.readableBytesView
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    guard let report = GpsdReport.parse(line) else {
                        if !line.allSatisfy(\.isWhitespace) { shared.value.unreadableLines += 1 }
                        continue
                    }
                    if let fix = report.fix(now: Date()) {
                        shared.value.fixes += 1
                        delivered = true
                        deliver(fix)
                    }
                }
                // A line longer than gpsd ever sends is noise: drop it rather than grow without bound.
                if pending.count > 65_536 {
                    pending.removeAll()
                    shared.value.unreadableLines += 1
                }
            }
            return delivered
        }
    }
}
