import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A loopback HTTP proxy in front of the local server that forwards requests, or answers them with an injected
/// failure instead, and remembers what it was asked: the way to make a real server fail on cue.
final class FaultProxy: Sendable {
    /// What the proxy does with the next requests.
    enum Mode: Sendable {
        case forward
        /// Answer with this HTTP status and Google-style error body.
        case fail(status: Int, code: String, message: String)
    }

    struct Seen: Sendable {
        var method: String
        var path: String
        var query: String
        var body: String
        var answeredStatus: Int
    }

    let url: String
    private let state: Mutex<(mode: Mode, seen: [Seen])>
    private let task: Task<Void, any Error>

    private init(url: String, task: Task<Void, any Error>) {
        self.url = url
        self.state = Mutex((.forward, []))
        self.task = task
    }

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    var seen: [Seen] { state.withLock { $0.seen } }

    static func start(target: String) async throws -> FaultProxy {
        let box = SharedBox()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let body = try await request.body.collect(upTo: 1 << 20)
            let bodyText = String(buffer: body)
            let mode = box.proxy?.mode ?? .forward
            let status: Int
            let answer: Response
            switch mode {
            case .forward:
                var forwarded = HTTPClientRequest(url: target + request.uri.description)
                forwarded.method = .init(rawValue: request.method.rawValue)
                for field in request.headers where field.name != .contentLength {
                    forwarded.headers.add(name: field.name.rawName, value: field.value)
                }
                if body.readableBytes > 0 { forwarded.body = .bytes(body) }
                let response = try await HTTPClient.shared.execute(forwarded, timeout: .seconds(30))
                let bytes = try await response.body.collect(upTo: 1 << 22)
                status = Int(response.status.code)
                answer = Response(
                    status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: bytes))
            case .fail(let code, let name, let message):
                status = code
                let text = #"{"error": {"code": \#(code), "message": "\#(message)", "status": "\#(name)"}}"#
                answer = Response(
                    status: .init(code: code), headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(string: text)))
            }
            box.proxy?.record(Seen(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", body: bodyText,
                answeredStatus: status))
            return answer
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { portSink.yield($0.localAddress?.port ?? 0) })
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        let proxy = FaultProxy(url: "http://127.0.0.1:\(port)", task: task)
        box.proxy = proxy
        return proxy
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    private func record(_ seen: Seen) { state.withLock { $0.seen.append(seen) } }

    /// Lets the responder, made before the proxy, reach it.
    private final class SharedBox: Sendable {
        private let value = Mutex<FaultProxy?>(nil)
        var proxy: FaultProxy? {
            get { value.withLock { $0 } }
            set { value.withLock { $0 = newValue } }
        }
    }
}
