import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A minimal HTTP/1.1 server on 127.0.0.1 whose answers are raw bytes (``HTTPReply``), so a test can send what no
/// well-behaved server would: a body cut short, a stalled response, a closed connection, bytes that are not HTTP.
///
/// Requests are parsed by NIO's decoder; nothing encodes the answers, which are written to the socket as they
/// are. Connections are kept alive between requests unless a reply ends them. Only loopback is ever bound.
public final class LoopbackHTTPServer: Sendable {
    public typealias Handler = @Sendable (ReceivedRequest) async -> HTTPReply

    public let port: Int
    private let channel: any Channel
    private let task: Task<Void, Never>

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, channel: any Channel, task: Task<Void, Never>) {
        self.port = port
        self.channel = channel
        self.task = task
    }

    /// Binds `port` on loopback (0: a free one; a given one lets a stopped server come back where it was) and serves
    /// each request with `handler` until ``stop()``; on `executor` when given (``FleetClient/ThreadExecutor/timed``),
    /// so a timed test's fake answers without waiting for the cooperative pool.
    public static func start(
        port: Int = 0, maxBodyBytes: Int = 4 << 20, executor: (any TaskExecutor)? = nil,
        handler: @escaping Handler
    ) async throws -> LoopbackHTTPServer {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    return try NIOAsyncChannel<HTTPServerRequestPart, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        guard let port = server.channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
        let task = Task<Void, Never>(executorPreference: executor) {
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask { await serve(connection, maxBodyBytes: maxBodyBytes, handler: handler) }
                    }
                }
            }
        }
        return LoopbackHTTPServer(port: port, channel: server.channel, task: task)
    }

    /// Stops listening, ends every connection (stalled ones included) and waits until all are gone.
    public func stop() async {
        task.cancel()
        try? await channel.close()
        await task.value
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, ByteBuffer>, maxBodyBytes: Int, handler: Handler
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let h):
                    head = h
                    body.clear()
                case .body(var chunk):
                    guard body.readableBytes + chunk.readableBytes <= maxBodyBytes else { return }
                    body.writeBuffer(&chunk)
                case .end:
                    guard let h = head else { return }
                    var reply = await handler(request(h, body))
                    while case .delayed(let delay, let then) = reply {
                        try await Task.sleep(for: delay)
                        reply = then
                    }
                    let (bytes, ending) = reply.lowered
                    if !bytes.isEmpty { try await outbound.write(ByteBuffer(bytes: bytes)) }
                    switch ending {
                    case .keepAlive where h.isKeepAlive: continue
                    case .keepAlive, .close: return
                    case .stall(let duration):
                        try? await Task.sleep(for: duration)
                        return
                    }
                }
            }
        }
    }

    private static func request(_ head: HTTPRequestHead, _ body: ByteBuffer) -> ReceivedRequest {
        let parts = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name.lowercased()] = value }
        return ReceivedRequest(
            method: head.method.rawValue, path: String(parts.first ?? ""),
            query: parts.count > 1 ? String(parts[1]) : "",
            headers: headers, body: String(buffer: body))
    }
}
