import FleetClient
import FleetServer
import Foundation
import Hummingbird
import Logging

/// `tripterm serve` inside another command (the demo): the same server on a free loopback port, with its own data
/// directory, and tokens minted with its key — so the demo needs no setup and leaves nothing running.
struct EmbeddedServer {
    let baseURL: String
    let minter: TokenMinter
    private let task: Task<Void, any Error>

    /// Starts the server with its database and key in `dataDirectory`, and returns once it is listening.
    static func start(dataDirectory: URL) async throws -> EmbeddedServer {
        var logger = Logger(label: "tripterm.demo.server")
        logger.logLevel = .critical  // the terminal belongs to the map
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let configuration = FleetServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: dataDirectory,
            databasePath: dataDirectory.appendingPathComponent("fleet.sqlite").path, logger: logger,
            onListening: { _, port in portSink.yield(port) })
        let app = try await FleetServer.buildApplication(configuration: configuration)
        let task = Task {
            defer { portSink.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            let failure = await task.result
            throw CommandFailure("the embedded server did not start: \(String(describing: failure))")
        }
        let key = try ServerKey.loadOrCreate(in: dataDirectory)
        return EmbeddedServer(baseURL: "http://127.0.0.1:\(port)", minter: TokenMinter(key: key), task: task)
    }

    /// A token for a trip's rider, a vehicle's driver, or the provider's server.
    func token(_ claims: AuthorizationClaims) async throws -> FixedTokenProvider {
        FixedTokenProvider(token: try await minter.mint(claims))
    }

    /// Stops the server (in-flight requests are cancelled: the demo is over).
    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
