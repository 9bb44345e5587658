import AsyncHTTPClient
import FleetClient
import FleetModel
import FleetServer
import Foundation
import Hummingbird
import Logging

/// A real local Fleet Engine server (`tripterm serve`) on a free loopback port with a fresh data directory.
final class LocalServer: Sendable {
    let baseURL: String
    let minter: TokenMinter
    private let task: Task<Void, any Error>

    private init(baseURL: String, minter: TokenMinter, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.minter = minter
        self.task = task
    }

    static func start() async throws -> LocalServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-driverkit-\(UUID().uuidString)")
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "test.serve")
        logger.logLevel = .critical
        let configuration = FleetServerConfiguration(
            port: 0, dataDirectory: directory, logger: logger, onListening: { _, port in continuation.yield(port) })
        let app = try await FleetServer.buildApplication(configuration: configuration)
        let task = Task { try await app.run() }
        var port = 0
        for await p in ports {
            port = p
            break
        }
        let key = try ServerKey.loadOrCreate(in: directory)
        return LocalServer(baseURL: "http://127.0.0.1:\(port)", minter: TokenMinter(key: key), task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// A client for `baseURL` (or another URL, such as a proxy in front) with a token for everything.
    func client(baseURL url: String? = nil, http: HTTPClient) async throws -> FleetEngineClient {
        let token = try await minter.mint(.server)
        return try FleetEngineClient(
            baseURL: url ?? baseURL, tokenProvider: FixedTokenProvider(token: token), httpClient: http,
            options: FleetClientOptions(role: .driver))
    }
}

/// Runs `body` with a fresh server and an HTTP client, and always stops both.
func withLocalServer<T>(_ body: (LocalServer, HTTPClient) async throws -> T) async throws -> T {
    let server = try await LocalServer.start()
    let http = FleetEngineClient.makeHTTPClient()
    do {
        let result = try await body(server, http)
        try await http.shutdown()
        await server.stop()
        return result
    } catch {
        try? await http.shutdown()
        await server.stop()
        throw error
    }
}

/// Vehicles and trips for the tests, created with the server's rules (as `tripterm driver` and the demo do).
extension FleetEngineClient {
    @discardableResult
    func makeVehicle(_ name: VehicleName, state: VehicleState = .offline) async throws -> Vehicle {
        let vehicle = Vehicle(
            vehicleState: state, supportedTripTypes: [.exclusive], maximumCapacity: 4, vehicleType: VehicleType(category: .auto))
        return try await createVehicle(vehicle, name: name)
    }
}
