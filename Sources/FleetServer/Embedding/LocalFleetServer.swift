import Foundation
import Hummingbird
import Logging

/// `tripterm serve` started inside another program: the same server on a free loopback port, with its database and
/// key in a data directory, and a minter for tokens signed with that key. The demo runs on it, and so do the tests'
/// servers (TestSupport's `TestServer`), so that there is one way to start a server in-process.
///
/// ```swift
/// let server = try await LocalFleetServer.start(dataDirectory: directory)
/// let token = try await server.token(.server)
/// // … talk to server.baseURL …
/// await server.stop()
/// ```
public final class LocalFleetServer: Sendable {
    /// `http://127.0.0.1:PORT` (`https://` when the configuration has TLS).
    public let baseURL: String
    public let port: Int
    public let dataDirectory: URL
    public let databasePath: String
    /// Signs tokens with the server's own key, for any role.
    public let minter: TokenMinter
    /// The server's clock: what it stamps writes and log entries with, and judges tokens by.
    public let clock: @Sendable () -> Date
    /// The store and token verifier behind it, for another protocol's server to share (the gRPC tests do).
    public let core: FleetServerCore
    private let task: Task<Void, any Error>

    private init(
        port: Int, configuration: FleetServerConfiguration, minter: TokenMinter, core: FleetServerCore,
        task: Task<Void, any Error>
    ) {
        self.baseURL = "\(configuration.connections.tls == nil ? "http" : "https")://\(configuration.host):\(port)"
        self.port = port
        self.dataDirectory = configuration.dataDirectory
        self.databasePath = configuration.resolvedDatabasePath
        self.minter = minter
        self.clock = configuration.clock
        self.core = core
        self.task = task
    }

    /// Starts the server described by `configuration` (whose `port` 0 picks a free one, and whose `onListening` is
    /// replaced) and returns once it is listening; a server that stops before it listens is an error saying why.
    public static func start(configuration: FleetServerConfiguration) async throws -> LocalFleetServer {
        var configuration = configuration
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        configuration.onListening = { _, port in portSink.yield(port) }
        let core = try await FleetServerCore.open(configuration: configuration)
        let app = try await FleetServer.buildApplication(configuration: configuration, core: core)
        let task = Task {
            defer { portSink.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            let outcome = await task.result
            throw LocalFleetServerError(message: "the server stopped before it listened: \(outcome)")
        }
        let key = try ServerKey.loadOrCreate(in: configuration.dataDirectory)
        return LocalFleetServer(
            port: port, configuration: configuration, minter: TokenMinter(key: key), core: core, task: task)
    }

    /// Starts a server on 127.0.0.1 with its database and key in `dataDirectory` that logs nothing below `level`
    /// (in the demo the terminal belongs to the map). `clock` is the server's time: the demo's runs N× faster, so
    /// that what the server stamps agrees with what its simulated drivers report.
    public static func start(
        dataDirectory: URL, maxBodyBytes: Int = 1 << 20,
        logger: Logger = LocalFleetServer.quietLogger, logExport: CallLogExport.Options? = nil,
        events: EventConfiguration? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> LocalFleetServer {
        var configuration = FleetServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, maxBodyBytes: maxBodyBytes, logger: logger,
            clock: clock)
        configuration.logExport = logExport
        configuration.events = events
        return try await start(configuration: configuration)
    }

    /// A logger that says only what is critical.
    public static var quietLogger: Logger {
        var logger = Logger(label: "tripterm.serve.embedded")
        logger.logLevel = .critical
        return logger
    }

    /// A token for a trip's rider, a vehicle's driver, or the provider's server, issued at the server's time (so
    /// that on a clock running faster than the wall's it lives its hour of that time).
    public func token(_ claims: AuthorizationClaims) async throws -> String {
        try await minter.mint(claims, now: clock())
    }

    /// Stops the server and waits until it has shut down (requests in flight are cancelled), then finishes its log
    /// export, if it has one, and says what it wrote.
    @discardableResult
    public func stop() async -> CallLogExport.Summary? {
        task.cancel()
        _ = await task.result
        return await core.callLog?.finish()
    }
}

/// A server that could not start.
public struct LocalFleetServerError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
