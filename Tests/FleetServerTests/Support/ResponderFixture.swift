import FleetModel
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOEmbedded
import TestSupport

@testable import FleetServer

/// The ordinary request path without a socket: a ``FleetAPI`` over a fresh database and key, requests and contexts
/// as Hummingbird makes them, and tokens signed with the key. `clock` is the server's (a fixed one keeps the answer
/// cache's second from turning between two requests of a test, however loaded the machine).
struct ResponderFixture {
    let api: FleetAPI
    let minter: TokenMinter
    let logs: LogCapture
    let logger: Logger

    init(clock: @escaping @Sendable () -> Date = { Date() }) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tripterm-responder-tests-\(UUID().uuidString)")
        let key = try ServerKey.loadOrCreate(in: directory)
        let store = try FleetStore(path: directory.appendingPathComponent("fleet.sqlite").path)
        api = FleetAPI(
            core: FleetServerCore(
                store: store, authenticator: Authenticator(keys: try await key.keyCollection()), clock: clock),
            maxBodyBytes: 1 << 20)
        minter = TokenMinter(key: key)
        let logs = LogCapture()
        self.logs = logs
        logger = Logger(label: "test.responder") { _ in logs.handler() }
    }

    /// The server's middleware stack, in the server's order.
    var middleware: some RouterMiddleware<FleetRequestContext> { FleetResponder.middleware(api: api, logger: logger) }

    var responder: FleetResponder { FleetResponder(api: api, logger: logger) }

    /// A request context on a channel closed at once: the context only reads the channel's allocator and
    /// addresses, and an EmbeddedChannel left open is never freed (it and its pipeline hold each other until it
    /// closes), which LeakSanitizer reports.
    func context() -> FleetRequestContext {
        let channel = EmbeddedChannel()
        _ = try? channel.finish()
        return FleetRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
    }

    func request(_ method: HTTPRequest.Method, _ target: String, token: String?, body: String = "") -> Request {
        var fields = HTTPFields()
        if let token { fields[.authorization] = "Bearer \(token)" }
        let head = HTTPRequest(
            method: method, scheme: "http", authority: "localhost", path: target, headerFields: fields)
        return Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body)))
    }

    /// A response's body as text.
    static func body(of response: Response) async throws -> String {
        let collected = NIOLockedValueBox<[UInt8]>([])
        try await response.body.write(Collector(bytes: collected))
        return String(decoding: collected.withLockedValue { $0 }, as: UTF8.self)
    }

    private struct Collector: ResponseBodyWriter {
        let bytes: NIOLockedValueBox<[UInt8]>
        mutating func write(_ buffer: ByteBuffer) async throws {
            bytes.withLockedValue { $0 += buffer.readableBytesView }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
