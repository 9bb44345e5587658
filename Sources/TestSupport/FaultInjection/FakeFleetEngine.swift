import FleetClient
import NIOConcurrencyHelpers

/// A loopback HTTP server that plays Fleet Engine's part, answering each request with what the test's handler
/// says — well-formed answers or faults (Google error JSON, `Retry-After`, garbage, truncated bodies, slow answers)
/// — and remembering what it was asked.
public final class FakeFleetEngine: Sendable {
    public typealias Received = ReceivedRequest
    public typealias Reply = HTTPReply

    public let port: Int
    private let received: NIOLockedValueBox<[Received]>

    public var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Every request so far, in order of arrival.
    public var requests: [Received] { received.withLockedValue { $0 } }

    private init(port: Int) {
        self.port = port
        self.received = NIOLockedValueBox([])
    }

    /// Starts a server whose answers come from `handler`, runs `body`, and stops it.
    ///
    /// The server answers on ``FleetClient/ThreadExecutor/timed`` unless told otherwise (nil: the cooperative pool).
    /// The client under test gives up after its request timeout by the wall clock, so a fake left on the pool,
    /// behind every other suite's work, once answered a whole parameterized test's calls late under TSan (each
    /// "timed out" where a Google error was due).
    public static func with<T: Sendable>(
        executor: (any TaskExecutor)? = ThreadExecutor.timed, _ handler: @escaping @Sendable (Received) async -> Reply,
        _ body: (FakeFleetEngine) async throws -> T
    ) async throws -> T {
        let box = Box()
        let server = try await LoopbackHTTPServer.start(executor: executor) { request in
            box.fake?.received.withLockedValue { $0.append(request) }
            return await handler(request)
        }
        let engine = FakeFleetEngine(port: server.port)
        box.set(engine)
        do {
            let result = try await body(engine)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Scripted answers: one per request in order, the last repeated.
    public static func with<T: Sendable>(
        script: [Reply], executor: (any TaskExecutor)? = ThreadExecutor.timed,
        _ body: (FakeFleetEngine) async throws -> T
    ) async throws -> T {
        let counter = Counter()
        return try await with(executor: executor, { _ in script[min(counter.take(), script.count - 1)] }, body)
    }

    /// Lets the handler, made before the engine, reach it.
    private final class Box: Sendable {
        private let value = NIOLockedValueBox<FakeFleetEngine?>(nil)
        var fake: FakeFleetEngine? { value.withLockedValue { $0 } }
        func set(_ fake: FakeFleetEngine) { value.withLockedValue { $0 = fake } }
    }

    private final class Counter: Sendable {
        private let value = NIOLockedValueBox(0)
        func take() -> Int {
            value.withLockedValue { n in
                defer { n += 1 }
                return n
            }
        }
    }
}
