import NIOCore
import NIOHTTP1
import NIOPosix

/// One request ready to go: its method, path, token and JSON body.
struct PoolRequest {
    var method: HTTPMethod
    var uri: String
    var token: String
    var body: ByteBuffer?
}

/// How a request ended: the answer's status (with the start of its body when it is not 2xx), or the connection
/// failing under it.
enum PoolOutcome: Sendable {
    case answered(status: Int, errorBody: String?)
    case connectionFailed(String)
}

/// A fixed pool of keep-alive HTTP/1.1 connections to one server, one request in flight on each (no pipelining, as
/// phones and wrk send). Requests beyond the free connections wait in order, so a slow server shows up as waiting
/// time in the caller's latency rather than as requests never sent. A connection that fails is reopened.
///
/// Everything runs on the pool's one event loop, which is also what the load generator's clock runs on: its state
/// is confined there (checked), hence `@unchecked Sendable`.
final class HTTPPool: @unchecked Sendable {
    typealias Completion = (PoolOutcome) -> Void

    let loop: any EventLoop
    private let host: String
    private let port: Int
    private var idle: [HTTPConnection] = []
    /// Requests waiting for a connection: `queue[queueHead...]`, compacted now and then.
    private var queue: [(PoolRequest, Completion)] = []
    private var queueHead = 0
    /// Connections that failed and were reopened, over the pool's life.
    private(set) var reconnects = 0
    /// Set by ``close()``: connections closing then are not replaced.
    private var closing = false

    private init(loop: any EventLoop, host: String, port: Int) {
        self.loop = loop
        self.host = host
        self.port = port
    }

    /// Opens `connections` connections and answers once all are up (or the first error).
    static func connect(loop: any EventLoop, host: String, port: Int, connections: Int) async throws -> HTTPPool {
        let pool = HTTPPool(loop: loop, host: host, port: port)
        var opened: [HTTPConnection] = []
        // 32 at a time, so that a busy server's accept backlog never overflows (a dropped SYN costs a second).
        for start in stride(from: 0, to: connections, by: 32) {
            let batch = (start..<min(connections, start + 32)).map { _ in pool.open() }
            for future in batch { opened.append(try await future.get()) }
        }
        let connected = opened
        try await loop.submit { pool.idle = connected }.get()
        return pool
    }

    /// Sends `request` as soon as a connection is free; `completion` runs on the loop.
    func submit(_ request: PoolRequest, completion: @escaping Completion) {
        loop.preconditionInEventLoop()
        if let connection = idle.popLast() {
            connection.send(request, completion: completion)
        } else {
            queue.append((request, completion))
        }
    }

    /// Forgets the requests still waiting for a connection, never sending them.
    func dropWaiting() {
        loop.preconditionInEventLoop()
        queue = []
        queueHead = 0
    }

    /// `submit` from any task, awaiting the outcome.
    func send(_ request: PoolRequest) async -> PoolOutcome {
        await withCheckedContinuation { continuation in
            loop.execute { self.submit(request) { continuation.resume(returning: $0) } }
        }
    }

    /// Closes every idle connection, for good.
    func close() async {
        let connections = try? await loop.submit { () -> [HTTPConnection] in
            self.closing = true
            defer { self.idle = [] }
            return self.idle
        }.get()
        for connection in connections ?? [] { try? await connection.channel.close() }
    }

    /// `connection` finished its request: it takes the next waiting one, or rests.
    fileprivate func release(_ connection: HTTPConnection) {
        if queueHead < queue.count {
            let (request, completion) = queue[queueHead]
            queueHead += 1
            if queueHead > 4096, queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            connection.send(request, completion: completion)
        } else {
            idle.append(connection)
        }
    }

    /// `connection` failed: a new one replaces it.
    fileprivate func replace(_ connection: HTTPConnection) {
        guard !closing else { return }
        idle.removeAll { $0 === connection }
        reconnects += 1
        reopen()
    }

    private func reopen() {
        open().whenComplete { result in
            switch result {
            case .success(let fresh): self.release(fresh)
            // The server is gone: retry in a second rather than spin.
            case .failure: self.loop.scheduleTask(in: .seconds(1)) { self.reopen() }
            }
        }
    }

    private func open() -> EventLoopFuture<HTTPConnection> {
        ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                }
            }
            .connect(host: host, port: port)
            .flatMapThrowing { channel in
                let connection = HTTPConnection(channel: channel, pool: self)
                try channel.pipeline.syncOperations.addHandler(connection)
                return connection
            }
    }
}

/// One keep-alive connection of an ``HTTPPool``, and the handler writing its requests and reading its answers.
/// Confined to the pool's loop like the pool.
final class HTTPConnection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    let channel: any Channel
    /// Weak: connections still in flight when the pool is gone close with the event loop, and have no one to tell.
    private weak var pool: HTTPPool?
    private var context: ChannelHandlerContext?
    private var completion: HTTPPool.Completion?
    private var status = 0
    private var errorBody = ""
    private var failed = false
    private let hostHeader: String

    fileprivate init(channel: any Channel, pool: HTTPPool) {
        self.channel = channel
        self.pool = pool
        hostHeader = channel.remoteAddress.map { "\($0.ipAddress ?? "localhost"):\($0.port ?? 80)" } ?? "localhost"
    }

    fileprivate func send(_ request: PoolRequest, completion: @escaping HTTPPool.Completion) {
        self.completion = completion
        var headers = HTTPHeaders()
        headers.reserveCapacity(4)
        headers.add(name: "Host", value: hostHeader)
        headers.add(name: "Authorization", value: "Bearer \(request.token)")
        if let body = request.body {
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(body.readableBytes))
        }
        let head = HTTPRequestHead(version: .http1_1, method: request.method, uri: request.uri, headers: headers)
        guard let context, !failed else {
            self.completion = nil
            return completion(.connectionFailed("connection closed before the request"))
        }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body = request.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = Int(head.status.code)
            errorBody = ""
        case .body(let buffer):
            if !(200..<300).contains(status), errorBody.utf8.count < 300 { errorBody += String(buffer: buffer) }
        case .end:
            guard let completion else { return }
            self.completion = nil
            let answered = PoolOutcome.answered(
                status: status, errorBody: (200..<300).contains(status) ? nil : String(errorBody.prefix(300)))
            pool?.release(self)
            completion(answered)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail("\(error)")
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.context = nil
        fail("connection closed by the server")
    }

    /// Ends the request in flight (if any) as a connection failure and has the pool open a replacement, once.
    private func fail(_ reason: String) {
        guard !failed else { return }
        failed = true
        let completion = self.completion
        self.completion = nil
        pool?.replace(self)
        completion?(.connectionFailed(reason))
    }
}
