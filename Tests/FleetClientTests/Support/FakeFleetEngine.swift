import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// A real HTTP server on loopback that plays Fleet Engine's part, answering each request with what the test's
/// handler says — including faults: Google error JSON, Retry-After, garbage, truncated bodies, slow answers.
final class FakeFleetEngine: Sendable {
    /// A request as the server received it.
    struct Received: Sendable {
        var method: String
        var path: String
        /// The raw query string, as sent (still percent-encoded).
        var query: String
        var headers: [String: String]
        var body: String

        var authorization: String? { headers["authorization"] }
    }

    /// What to answer.
    indirect enum Reply: Sendable {
        case json(status: Int = 200, String, headers: [String: String] = [:])
        case googleError(status: Int, code: String, message: String, headers: [String: String] = [:])
        case raw(status: Int, contentType: String, body: String)
        /// Declares `declaredLength` bytes, sends `body`, then drops the connection.
        case truncated(String, declaredLength: Int)
        /// Waits, then answers.
        case delayed(Duration, Reply)
    }

    let port: Int
    private let received = Mutex<[Received]>([])
    private let task: Task<Void, any Error>

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: [Received] { received.withLock { $0 } }

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Starts a server whose answers come from `handler`, runs `body`, and stops it.
    static func with<T: Sendable>(
        _ handler: @escaping @Sendable (Received) async -> Reply, _ body: (FakeFleetEngine) async throws -> T
    ) async throws -> T {
        let recorder = Locked<FakeFleetEngine?>(nil)
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            var request = request
            let buffer = try await request.collectBody(upTo: 1 << 22)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let received = Received(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", headers: headers,
                body: String(buffer: buffer))
            recorder.withLock { $0?.received.withLock { $0.append(received) } }
            return try await Self.response(for: await handler(received))
        }
        let app = Application(
            responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0) })
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        let fake = FakeFleetEngine(port: port, task: task)
        recorder.withLock { $0 = fake }
        defer { task.cancel() }
        return try await body(fake)
    }

    /// Scripted answers: one per request in order, the last repeated.
    static func with<T: Sendable>(script: [Reply], _ body: (FakeFleetEngine) async throws -> T) async throws -> T {
        let next = Locked(0)
        return try await with({ _ in
            let index = next.withLock { i in defer { i += 1 }; return i }
            return script[min(index, script.count - 1)]
        }, body)
    }

    private static func response(for reply: Reply) async throws -> Response {
        switch reply {
        case .json(let status, let text, let headers):
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
            return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
        case .googleError(let status, let code, let message, let headers):
            let text = #"{"error": {"code": \#(status), "message": "\#(message)", "status": "\#(code)"}}"#
            return try await response(for: .json(status: status, text, headers: headers))
        case .raw(let status, let contentType, let body):
            var fields = HTTPFields()
            fields[.contentType] = contentType
            return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
        case .truncated(let text, let declaredLength):
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            return Response(status: .ok, headers: fields, body: ResponseBody(contentLength: declaredLength) { writer in
                try await writer.write(ByteBuffer(string: text))
                throw CancellationError()
            })
        case .delayed(let delay, let then):
            try await Task.sleep(for: delay)
            return try await response(for: then)
        }
    }
}

/// A value behind a lock that escaping closures can share (a `Mutex` itself cannot be captured by them).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
