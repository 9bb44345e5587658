import AsyncHTTPClient
import FleetClient
import FleetModel
import FleetServer
import Foundation
import Logging

/// A real `tripterm serve` for tests — FleetServer's ``LocalFleetServer`` on a free loopback port with a fresh data
/// directory — with what tests need around it: the log lines it wrote, raw HTTP requests, a Fleet Engine client,
/// and fixtures created with a server token.
public final class TestServer: Sendable {
    public let server: LocalFleetServer
    public let logs: LogCapture

    public var baseURL: String { server.baseURL }
    public var directory: URL { server.dataDirectory }
    public var databasePath: String { server.databasePath }
    public var minter: TokenMinter { server.minter }

    private init(server: LocalFleetServer, logs: LogCapture) {
        self.server = server
        self.logs = logs
    }

    /// Starts a server; `directory` reuses an existing data directory (to restart on the same database), `clock`
    /// stands in for the wall clock (nil: the real one), and `logExport` names a file for its Cloud Logging entries
    /// (`serve --log-export`; `logExportFormat` as the option takes it), written by the time ``stop()`` returns.
    public static func start(
        directory existing: URL? = nil, maxBodyBytes: Int = 1 << 20, clock: StoppedClock? = nil,
        events: EventConfiguration? = nil, logExport: String? = nil, logExportFormat: String = "json-lines",
        logExportCapacity: Int = 10_000
    ) async throws -> TestServer {
        let directory = try existing ?? Repository.temporaryDirectory("server")
        let logs = LogCapture()
        let logger = Logger(label: "test.serve") { _ in logs.handler() }
        var configuration = FleetServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: directory, maxBodyBytes: maxBodyBytes, logger: logger)
        if let clock { configuration.clock = clock.reading }
        configuration.events = events
        if let logExport {
            configuration.logExport = CallLogExport.Options(
                path: logExport, format: CallLogExport.Format(rawValue: logExportFormat) ?? .jsonLines,
                capacity: logExportCapacity)
        }
        let server = try await LocalFleetServer.start(configuration: configuration)
        return TestServer(server: server, logs: logs)
    }

    /// Stops the server and waits until it has shut down.
    public func stop() async { await server.stop() }

    public func token(_ claims: AuthorizationClaims) async throws -> String { try await server.token(claims) }
    public func serverToken() async throws -> String { try await server.token(.server) }
    /// A driver's token for vehicle `id`.
    public func driverToken(vehicle id: String) async throws -> String {
        try await server.token(AuthorizationClaims(vehicleid: id))
    }
    /// A rider's token for trip `id`.
    public func riderToken(trip id: String) async throws -> String {
        try await server.token(AuthorizationClaims(tripid: id))
    }

    /// A Fleet Engine client for `baseURL` (or another URL, such as a proxy in front) with a server token, which
    /// may do everything. Its requests may take a minute, not Google's 15 s: a fixture's call answered late on a
    /// loaded machine (a sanitizer build, every suite at once, child processes on both cores) is not what a test
    /// checks; tests of deadlines set their own.
    public func client(baseURL url: String? = nil, http: HTTPClient) async throws -> FleetEngineClient {
        try FleetEngineClient(
            baseURL: url ?? baseURL, tokenProvider: FixedTokenProvider(token: try await serverToken()),
            httpClient: http, options: FleetClientOptions(requestTimeout: .seconds(60), role: .driver))
    }

    /// One request over HTTP, as any client would send it.
    public func request(
        _ method: TestMethod, _ path: String, token: String?, body: String? = nil, headers: [(String, String)] = []
    ) async throws -> TestResponse {
        var request = HTTPClientRequest(url: baseURL + path)
        switch method {
        case .GET: request.method = .GET
        case .POST: request.method = .POST
        case .PUT: request.method = .PUT
        case .DELETE: request.method = .DELETE
        case .PATCH: request.method = .PATCH
        }
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(Array(body.utf8))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        var bytes: [UInt8] = []
        for try await chunk in response.body { bytes += chunk.readableBytesView }
        return TestResponse(
            status: Int(response.status.code), body: String(decoding: bytes, as: UTF8.self),
            headers: response.headers.map { ($0.name.lowercased(), $0.value) })
    }

    /// Creates a vehicle with a server token; anything but 200 is an error with the answer.
    @discardableResult
    public func createVehicle(_ id: String, provider: String = "p") async throws -> TestResponse {
        let response = try await request(
            .POST, "/v1/providers/\(provider)/vehicles?vehicleId=\(id)", token: serverToken(),
            body:
                #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE","SHARED"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#
        )
        try response.require(200)
        return response
    }

    /// Creates a trip (assigned to `vehicle` when given) with a server token; anything but 200 is an error.
    @discardableResult
    public func createTrip(_ id: String, vehicle: String? = nil, provider: String = "p") async throws -> TestResponse {
        let vehicleField = vehicle.map { #","vehicleId":"\#($0)""# } ?? ""
        let response = try await request(
            .POST, "/v1/providers/\(provider)/trips?tripId=\(id)", token: serverToken(),
            body:
                #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"dropoffPoint":{"point":{"latitude":43.7500,"longitude":7.4400}},"numberOfPassengers":1\#(vehicleField)}"#
        )
        try response.require(200)
        return response
    }
}

/// The HTTP methods the tests use, spelt as on the wire.
// swift-format-ignore: AlwaysUseLowerCamelCase
public enum TestMethod: Sendable { case GET, POST, PUT, DELETE, PATCH }

/// Runs `body` against a fresh server (on `clock`, if given) and always stops it.
public func withTestServer<T>(
    maxBodyBytes: Int = 1 << 20, clock: StoppedClock? = nil, _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(maxBodyBytes: maxBodyBytes, clock: clock)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Runs `body` with a fresh server (recording events with `recordingEvents`, as `serve --events`) and an HTTP client
/// for Fleet Engine clients, and always stops both.
public func withTestServer<T>(
    recordingEvents: Bool = false, _ body: (TestServer, HTTPClient) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(events: recordingEvents ? EventConfiguration() : nil)
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
